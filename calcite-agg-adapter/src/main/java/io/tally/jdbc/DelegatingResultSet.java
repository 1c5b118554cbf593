package io.tally.jdbc;

import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLType;
import java.sql.SQLWarning;
import java.sql.SQLXML;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;
import java.util.Map;

/**
 * A result set that passes every call to another ({@link #rows}): the base of {@link
 * TallyResultSet}, which changes a few. Written out, not a {@link java.lang.reflect.Proxy}, because
 * reading rows is the hot path of a JDBC client: a direct call costs nothing.
 */
abstract class DelegatingResultSet implements ResultSet {
    /** The wrapped result set. */
    final ResultSet rows;

    DelegatingResultSet(ResultSet rows) {
        this.rows = rows;
    }

    @Override
    public boolean absolute(int a0) throws SQLException {
        return rows.absolute(a0);
    }

    @Override
    public void afterLast() throws SQLException {
        rows.afterLast();
    }

    @Override
    public void beforeFirst() throws SQLException {
        rows.beforeFirst();
    }

    @Override
    public void cancelRowUpdates() throws SQLException {
        rows.cancelRowUpdates();
    }

    @Override
    public void clearWarnings() throws SQLException {
        rows.clearWarnings();
    }

    @Override
    public void close() throws SQLException {
        rows.close();
    }

    @Override
    public void deleteRow() throws SQLException {
        rows.deleteRow();
    }

    @Override
    public int findColumn(String a0) throws SQLException {
        return rows.findColumn(a0);
    }

    @Override
    public boolean first() throws SQLException {
        return rows.first();
    }

    @Override
    public Array getArray(String a0) throws SQLException {
        return rows.getArray(a0);
    }

    @Override
    public Array getArray(int a0) throws SQLException {
        return rows.getArray(a0);
    }

    @Override
    public InputStream getAsciiStream(String a0) throws SQLException {
        return rows.getAsciiStream(a0);
    }

    @Override
    public InputStream getAsciiStream(int a0) throws SQLException {
        return rows.getAsciiStream(a0);
    }

    @SuppressWarnings("deprecation")
    @Override
    public BigDecimal getBigDecimal(String a0, int a1) throws SQLException {
        return rows.getBigDecimal(a0, a1);
    }

    @Override
    public BigDecimal getBigDecimal(String a0) throws SQLException {
        return rows.getBigDecimal(a0);
    }

    @SuppressWarnings("deprecation")
    @Override
    public BigDecimal getBigDecimal(int a0, int a1) throws SQLException {
        return rows.getBigDecimal(a0, a1);
    }

    @Override
    public BigDecimal getBigDecimal(int a0) throws SQLException {
        return rows.getBigDecimal(a0);
    }

    @Override
    public InputStream getBinaryStream(String a0) throws SQLException {
        return rows.getBinaryStream(a0);
    }

    @Override
    public InputStream getBinaryStream(int a0) throws SQLException {
        return rows.getBinaryStream(a0);
    }

    @Override
    public Blob getBlob(String a0) throws SQLException {
        return rows.getBlob(a0);
    }

    @Override
    public Blob getBlob(int a0) throws SQLException {
        return rows.getBlob(a0);
    }

    @Override
    public boolean getBoolean(String a0) throws SQLException {
        return rows.getBoolean(a0);
    }

    @Override
    public boolean getBoolean(int a0) throws SQLException {
        return rows.getBoolean(a0);
    }

    @Override
    public byte getByte(String a0) throws SQLException {
        return rows.getByte(a0);
    }

    @Override
    public byte getByte(int a0) throws SQLException {
        return rows.getByte(a0);
    }

    @Override
    public byte[] getBytes(String a0) throws SQLException {
        return rows.getBytes(a0);
    }

    @Override
    public byte[] getBytes(int a0) throws SQLException {
        return rows.getBytes(a0);
    }

    @Override
    public Reader getCharacterStream(String a0) throws SQLException {
        return rows.getCharacterStream(a0);
    }

    @Override
    public Reader getCharacterStream(int a0) throws SQLException {
        return rows.getCharacterStream(a0);
    }

    @Override
    public Clob getClob(String a0) throws SQLException {
        return rows.getClob(a0);
    }

    @Override
    public Clob getClob(int a0) throws SQLException {
        return rows.getClob(a0);
    }

    @Override
    public int getConcurrency() throws SQLException {
        return rows.getConcurrency();
    }

    @Override
    public String getCursorName() throws SQLException {
        return rows.getCursorName();
    }

    @Override
    public Date getDate(String a0, Calendar a1) throws SQLException {
        return rows.getDate(a0, a1);
    }

    @Override
    public Date getDate(String a0) throws SQLException {
        return rows.getDate(a0);
    }

    @Override
    public Date getDate(int a0, Calendar a1) throws SQLException {
        return rows.getDate(a0, a1);
    }

    @Override
    public Date getDate(int a0) throws SQLException {
        return rows.getDate(a0);
    }

    @Override
    public double getDouble(String a0) throws SQLException {
        return rows.getDouble(a0);
    }

    @Override
    public double getDouble(int a0) throws SQLException {
        return rows.getDouble(a0);
    }

    @Override
    public int getFetchDirection() throws SQLException {
        return rows.getFetchDirection();
    }

    @Override
    public int getFetchSize() throws SQLException {
        return rows.getFetchSize();
    }

    @Override
    public float getFloat(String a0) throws SQLException {
        return rows.getFloat(a0);
    }

    @Override
    public float getFloat(int a0) throws SQLException {
        return rows.getFloat(a0);
    }

    @Override
    public int getHoldability() throws SQLException {
        return rows.getHoldability();
    }

    @Override
    public int getInt(String a0) throws SQLException {
        return rows.getInt(a0);
    }

    @Override
    public int getInt(int a0) throws SQLException {
        return rows.getInt(a0);
    }

    @Override
    public long getLong(String a0) throws SQLException {
        return rows.getLong(a0);
    }

    @Override
    public long getLong(int a0) throws SQLException {
        return rows.getLong(a0);
    }

    @Override
    public ResultSetMetaData getMetaData() throws SQLException {
        return rows.getMetaData();
    }

    @Override
    public Reader getNCharacterStream(String a0) throws SQLException {
        return rows.getNCharacterStream(a0);
    }

    @Override
    public Reader getNCharacterStream(int a0) throws SQLException {
        return rows.getNCharacterStream(a0);
    }

    @Override
    public NClob getNClob(String a0) throws SQLException {
        return rows.getNClob(a0);
    }

    @Override
    public NClob getNClob(int a0) throws SQLException {
        return rows.getNClob(a0);
    }

    @Override
    public String getNString(String a0) throws SQLException {
        return rows.getNString(a0);
    }

    @Override
    public String getNString(int a0) throws SQLException {
        return rows.getNString(a0);
    }

    @Override
    public <T> T getObject(String a0, Class<T> a1) throws SQLException {
        return rows.getObject(a0, a1);
    }

    @Override
    public Object getObject(String a0, Map<String, Class<?>> a1) throws SQLException {
        return rows.getObject(a0, a1);
    }

    @Override
    public Object getObject(String a0) throws SQLException {
        return rows.getObject(a0);
    }

    @Override
    public <T> T getObject(int a0, Class<T> a1) throws SQLException {
        return rows.getObject(a0, a1);
    }

    @Override
    public Object getObject(int a0, Map<String, Class<?>> a1) throws SQLException {
        return rows.getObject(a0, a1);
    }

    @Override
    public Object getObject(int a0) throws SQLException {
        return rows.getObject(a0);
    }

    @Override
    public Ref getRef(String a0) throws SQLException {
        return rows.getRef(a0);
    }

    @Override
    public Ref getRef(int a0) throws SQLException {
        return rows.getRef(a0);
    }

    @Override
    public int getRow() throws SQLException {
        return rows.getRow();
    }

    @Override
    public RowId getRowId(String a0) throws SQLException {
        return rows.getRowId(a0);
    }

    @Override
    public RowId getRowId(int a0) throws SQLException {
        return rows.getRowId(a0);
    }

    @Override
    public SQLXML getSQLXML(String a0) throws SQLException {
        return rows.getSQLXML(a0);
    }

    @Override
    public SQLXML getSQLXML(int a0) throws SQLException {
        return rows.getSQLXML(a0);
    }

    @Override
    public short getShort(String a0) throws SQLException {
        return rows.getShort(a0);
    }

    @Override
    public short getShort(int a0) throws SQLException {
        return rows.getShort(a0);
    }

    @Override
    public Statement getStatement() throws SQLException {
        return rows.getStatement();
    }

    @Override
    public String getString(String a0) throws SQLException {
        return rows.getString(a0);
    }

    @Override
    public String getString(int a0) throws SQLException {
        return rows.getString(a0);
    }

    @Override
    public Time getTime(String a0, Calendar a1) throws SQLException {
        return rows.getTime(a0, a1);
    }

    @Override
    public Time getTime(String a0) throws SQLException {
        return rows.getTime(a0);
    }

    @Override
    public Time getTime(int a0, Calendar a1) throws SQLException {
        return rows.getTime(a0, a1);
    }

    @Override
    public Time getTime(int a0) throws SQLException {
        return rows.getTime(a0);
    }

    @Override
    public Timestamp getTimestamp(String a0, Calendar a1) throws SQLException {
        return rows.getTimestamp(a0, a1);
    }

    @Override
    public Timestamp getTimestamp(String a0) throws SQLException {
        return rows.getTimestamp(a0);
    }

    @Override
    public Timestamp getTimestamp(int a0, Calendar a1) throws SQLException {
        return rows.getTimestamp(a0, a1);
    }

    @Override
    public Timestamp getTimestamp(int a0) throws SQLException {
        return rows.getTimestamp(a0);
    }

    @Override
    public int getType() throws SQLException {
        return rows.getType();
    }

    @Override
    public URL getURL(String a0) throws SQLException {
        return rows.getURL(a0);
    }

    @Override
    public URL getURL(int a0) throws SQLException {
        return rows.getURL(a0);
    }

    @SuppressWarnings("deprecation")
    @Override
    public InputStream getUnicodeStream(String a0) throws SQLException {
        return rows.getUnicodeStream(a0);
    }

    @SuppressWarnings("deprecation")
    @Override
    public InputStream getUnicodeStream(int a0) throws SQLException {
        return rows.getUnicodeStream(a0);
    }

    @Override
    public SQLWarning getWarnings() throws SQLException {
        return rows.getWarnings();
    }

    @Override
    public void insertRow() throws SQLException {
        rows.insertRow();
    }

    @Override
    public boolean isAfterLast() throws SQLException {
        return rows.isAfterLast();
    }

    @Override
    public boolean isBeforeFirst() throws SQLException {
        return rows.isBeforeFirst();
    }

    @Override
    public boolean isClosed() throws SQLException {
        return rows.isClosed();
    }

    @Override
    public boolean isFirst() throws SQLException {
        return rows.isFirst();
    }

    @Override
    public boolean isLast() throws SQLException {
        return rows.isLast();
    }

    @Override
    public boolean last() throws SQLException {
        return rows.last();
    }

    @Override
    public void moveToCurrentRow() throws SQLException {
        rows.moveToCurrentRow();
    }

    @Override
    public void moveToInsertRow() throws SQLException {
        rows.moveToInsertRow();
    }

    @Override
    public boolean next() throws SQLException {
        return rows.next();
    }

    @Override
    public boolean previous() throws SQLException {
        return rows.previous();
    }

    @Override
    public void refreshRow() throws SQLException {
        rows.refreshRow();
    }

    @Override
    public boolean relative(int a0) throws SQLException {
        return rows.relative(a0);
    }

    @Override
    public boolean rowDeleted() throws SQLException {
        return rows.rowDeleted();
    }

    @Override
    public boolean rowInserted() throws SQLException {
        return rows.rowInserted();
    }

    @Override
    public boolean rowUpdated() throws SQLException {
        return rows.rowUpdated();
    }

    @Override
    public void setFetchDirection(int a0) throws SQLException {
        rows.setFetchDirection(a0);
    }

    @Override
    public void setFetchSize(int a0) throws SQLException {
        rows.setFetchSize(a0);
    }

    @Override
    public void updateArray(String a0, Array a1) throws SQLException {
        rows.updateArray(a0, a1);
    }

    @Override
    public void updateArray(int a0, Array a1) throws SQLException {
        rows.updateArray(a0, a1);
    }

    @Override
    public void updateAsciiStream(String a0, InputStream a1, int a2) throws SQLException {
        rows.updateAsciiStream(a0, a1, a2);
    }

    @Override
    public void updateAsciiStream(String a0, InputStream a1, long a2) throws SQLException {
        rows.updateAsciiStream(a0, a1, a2);
    }

    @Override
    public void updateAsciiStream(String a0, InputStream a1) throws SQLException {
        rows.updateAsciiStream(a0, a1);
    }

    @Override
    public void updateAsciiStream(int a0, InputStream a1, int a2) throws SQLException {
        rows.updateAsciiStream(a0, a1, a2);
    }

    @Override
    public void updateAsciiStream(int a0, InputStream a1, long a2) throws SQLException {
        rows.updateAsciiStream(a0, a1, a2);
    }

    @Override
    public void updateAsciiStream(int a0, InputStream a1) throws SQLException {
        rows.updateAsciiStream(a0, a1);
    }

    @Override
    public void updateBigDecimal(String a0, BigDecimal a1) throws SQLException {
        rows.updateBigDecimal(a0, a1);
    }

    @Override
    public void updateBigDecimal(int a0, BigDecimal a1) throws SQLException {
        rows.updateBigDecimal(a0, a1);
    }

    @Override
    public void updateBinaryStream(String a0, InputStream a1, int a2) throws SQLException {
        rows.updateBinaryStream(a0, a1, a2);
    }

    @Override
    public void updateBinaryStream(String a0, InputStream a1, long a2) throws SQLException {
        rows.updateBinaryStream(a0, a1, a2);
    }

    @Override
    public void updateBinaryStream(String a0, InputStream a1) throws SQLException {
        rows.updateBinaryStream(a0, a1);
    }

    @Override
    public void updateBinaryStream(int a0, InputStream a1, int a2) throws SQLException {
        rows.updateBinaryStream(a0, a1, a2);
    }

    @Override
    public void updateBinaryStream(int a0, InputStream a1, long a2) throws SQLException {
        rows.updateBinaryStream(a0, a1, a2);
    }

    @Override
    public void updateBinaryStream(int a0, InputStream a1) throws SQLException {
        rows.updateBinaryStream(a0, a1);
    }

    @Override
    public void updateBlob(String a0, InputStream a1, long a2) throws SQLException {
        rows.updateBlob(a0, a1, a2);
    }

    @Override
    public void updateBlob(String a0, InputStream a1) throws SQLException {
        rows.updateBlob(a0, a1);
    }

    @Override
    public void updateBlob(String a0, Blob a1) throws SQLException {
        rows.updateBlob(a0, a1);
    }

    @Override
    public void updateBlob(int a0, InputStream a1, long a2) throws SQLException {
        rows.updateBlob(a0, a1, a2);
    }

    @Override
    public void updateBlob(int a0, InputStream a1) throws SQLException {
        rows.updateBlob(a0, a1);
    }

    @Override
    public void updateBlob(int a0, Blob a1) throws SQLException {
        rows.updateBlob(a0, a1);
    }

    @Override
    public void updateBoolean(String a0, boolean a1) throws SQLException {
        rows.updateBoolean(a0, a1);
    }

    @Override
    public void updateBoolean(int a0, boolean a1) throws SQLException {
        rows.updateBoolean(a0, a1);
    }

    @Override
    public void updateByte(String a0, byte a1) throws SQLException {
        rows.updateByte(a0, a1);
    }

    @Override
    public void updateByte(int a0, byte a1) throws SQLException {
        rows.updateByte(a0, a1);
    }

    @Override
    public void updateBytes(String a0, byte[] a1) throws SQLException {
        rows.updateBytes(a0, a1);
    }

    @Override
    public void updateBytes(int a0, byte[] a1) throws SQLException {
        rows.updateBytes(a0, a1);
    }

    @Override
    public void updateCharacterStream(String a0, Reader a1, int a2) throws SQLException {
        rows.updateCharacterStream(a0, a1, a2);
    }

    @Override
    public void updateCharacterStream(String a0, Reader a1, long a2) throws SQLException {
        rows.updateCharacterStream(a0, a1, a2);
    }

    @Override
    public void updateCharacterStream(String a0, Reader a1) throws SQLException {
        rows.updateCharacterStream(a0, a1);
    }

    @Override
    public void updateCharacterStream(int a0, Reader a1, int a2) throws SQLException {
        rows.updateCharacterStream(a0, a1, a2);
    }

    @Override
    public void updateCharacterStream(int a0, Reader a1, long a2) throws SQLException {
        rows.updateCharacterStream(a0, a1, a2);
    }

    @Override
    public void updateCharacterStream(int a0, Reader a1) throws SQLException {
        rows.updateCharacterStream(a0, a1);
    }

    @Override
    public void updateClob(String a0, Reader a1, long a2) throws SQLException {
        rows.updateClob(a0, a1, a2);
    }

    @Override
    public void updateClob(String a0, Reader a1) throws SQLException {
        rows.updateClob(a0, a1);
    }

    @Override
    public void updateClob(String a0, Clob a1) throws SQLException {
        rows.updateClob(a0, a1);
    }

    @Override
    public void updateClob(int a0, Reader a1, long a2) throws SQLException {
        rows.updateClob(a0, a1, a2);
    }

    @Override
    public void updateClob(int a0, Reader a1) throws SQLException {
        rows.updateClob(a0, a1);
    }

    @Override
    public void updateClob(int a0, Clob a1) throws SQLException {
        rows.updateClob(a0, a1);
    }

    @Override
    public void updateDate(String a0, Date a1) throws SQLException {
        rows.updateDate(a0, a1);
    }

    @Override
    public void updateDate(int a0, Date a1) throws SQLException {
        rows.updateDate(a0, a1);
    }

    @Override
    public void updateDouble(String a0, double a1) throws SQLException {
        rows.updateDouble(a0, a1);
    }

    @Override
    public void updateDouble(int a0, double a1) throws SQLException {
        rows.updateDouble(a0, a1);
    }

    @Override
    public void updateFloat(String a0, float a1) throws SQLException {
        rows.updateFloat(a0, a1);
    }

    @Override
    public void updateFloat(int a0, float a1) throws SQLException {
        rows.updateFloat(a0, a1);
    }

    @Override
    public void updateInt(String a0, int a1) throws SQLException {
        rows.updateInt(a0, a1);
    }

    @Override
    public void updateInt(int a0, int a1) throws SQLException {
        rows.updateInt(a0, a1);
    }

    @Override
    public void updateLong(String a0, long a1) throws SQLException {
        rows.updateLong(a0, a1);
    }

    @Override
    public void updateLong(int a0, long a1) throws SQLException {
        rows.updateLong(a0, a1);
    }

    @Override
    public void updateNCharacterStream(String a0, Reader a1, long a2) throws SQLException {
        rows.updateNCharacterStream(a0, a1, a2);
    }

    @Override
    public void updateNCharacterStream(String a0, Reader a1) throws SQLException {
        rows.updateNCharacterStream(a0, a1);
    }

    @Override
    public void updateNCharacterStream(int a0, Reader a1, long a2) throws SQLException {
        rows.updateNCharacterStream(a0, a1, a2);
    }

    @Override
    public void updateNCharacterStream(int a0, Reader a1) throws SQLException {
        rows.updateNCharacterStream(a0, a1);
    }

    @Override
    public void updateNClob(String a0, Reader a1, long a2) throws SQLException {
        rows.updateNClob(a0, a1, a2);
    }

    @Override
    public void updateNClob(String a0, Reader a1) throws SQLException {
        rows.updateNClob(a0, a1);
    }

    @Override
    public void updateNClob(String a0, NClob a1) throws SQLException {
        rows.updateNClob(a0, a1);
    }

    @Override
    public void updateNClob(int a0, Reader a1, long a2) throws SQLException {
        rows.updateNClob(a0, a1, a2);
    }

    @Override
    public void updateNClob(int a0, Reader a1) throws SQLException {
        rows.updateNClob(a0, a1);
    }

    @Override
    public void updateNClob(int a0, NClob a1) throws SQLException {
        rows.updateNClob(a0, a1);
    }

    @Override
    public void updateNString(String a0, String a1) throws SQLException {
        rows.updateNString(a0, a1);
    }

    @Override
    public void updateNString(int a0, String a1) throws SQLException {
        rows.updateNString(a0, a1);
    }

    @Override
    public void updateNull(String a0) throws SQLException {
        rows.updateNull(a0);
    }

    @Override
    public void updateNull(int a0) throws SQLException {
        rows.updateNull(a0);
    }

    @Override
    public void updateObject(String a0, Object a1, int a2) throws SQLException {
        rows.updateObject(a0, a1, a2);
    }

    @Override
    public void updateObject(String a0, Object a1, SQLType a2, int a3) throws SQLException {
        rows.updateObject(a0, a1, a2, a3);
    }

    @Override
    public void updateObject(String a0, Object a1, SQLType a2) throws SQLException {
        rows.updateObject(a0, a1, a2);
    }

    @Override
    public void updateObject(String a0, Object a1) throws SQLException {
        rows.updateObject(a0, a1);
    }

    @Override
    public void updateObject(int a0, Object a1, int a2) throws SQLException {
        rows.updateObject(a0, a1, a2);
    }

    @Override
    public void updateObject(int a0, Object a1, SQLType a2, int a3) throws SQLException {
        rows.updateObject(a0, a1, a2, a3);
    }

    @Override
    public void updateObject(int a0, Object a1, SQLType a2) throws SQLException {
        rows.updateObject(a0, a1, a2);
    }

    @Override
    public void updateObject(int a0, Object a1) throws SQLException {
        rows.updateObject(a0, a1);
    }

    @Override
    public void updateRef(String a0, Ref a1) throws SQLException {
        rows.updateRef(a0, a1);
    }

    @Override
    public void updateRef(int a0, Ref a1) throws SQLException {
        rows.updateRef(a0, a1);
    }

    @Override
    public void updateRow() throws SQLException {
        rows.updateRow();
    }

    @Override
    public void updateRowId(String a0, RowId a1) throws SQLException {
        rows.updateRowId(a0, a1);
    }

    @Override
    public void updateRowId(int a0, RowId a1) throws SQLException {
        rows.updateRowId(a0, a1);
    }

    @Override
    public void updateSQLXML(String a0, SQLXML a1) throws SQLException {
        rows.updateSQLXML(a0, a1);
    }

    @Override
    public void updateSQLXML(int a0, SQLXML a1) throws SQLException {
        rows.updateSQLXML(a0, a1);
    }

    @Override
    public void updateShort(String a0, short a1) throws SQLException {
        rows.updateShort(a0, a1);
    }

    @Override
    public void updateShort(int a0, short a1) throws SQLException {
        rows.updateShort(a0, a1);
    }

    @Override
    public void updateString(String a0, String a1) throws SQLException {
        rows.updateString(a0, a1);
    }

    @Override
    public void updateString(int a0, String a1) throws SQLException {
        rows.updateString(a0, a1);
    }

    @Override
    public void updateTime(String a0, Time a1) throws SQLException {
        rows.updateTime(a0, a1);
    }

    @Override
    public void updateTime(int a0, Time a1) throws SQLException {
        rows.updateTime(a0, a1);
    }

    @Override
    public void updateTimestamp(String a0, Timestamp a1) throws SQLException {
        rows.updateTimestamp(a0, a1);
    }

    @Override
    public void updateTimestamp(int a0, Timestamp a1) throws SQLException {
        rows.updateTimestamp(a0, a1);
    }

    @Override
    public boolean wasNull() throws SQLException {
        return rows.wasNull();
    }
}
