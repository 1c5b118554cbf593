package io.tally.jdbc;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.SQLException;
import java.sql.Wrapper;

/**
 * A Tally JDBC object: a {@link Proxy} over the JDBC object Calcite (embedded) or Avatica (remote)
 * made. Each subclass answers the few calls where Tally differs ({@link #call}); every other call
 * goes to the wrapped object, and whatever it throws, {@link Error}s included, reaches the client
 * as an SQLException from {@link #failure}.
 */
abstract class JdbcProxy implements InvocationHandler {
    /** Returned by {@link #call} for calls the wrapped object answers. */
    static final Object PASS = new Object();

    final Object delegate;

    /** The proxy this object handles (set once by {@link #create}). */
    Object proxy;

    JdbcProxy(Object delegate) {
        this.delegate = delegate;
    }

    /** Creates the proxy implementing {@code type} with {@code handler}. */
    static <T> T create(Class<T> type, JdbcProxy handler) {
        Object p =
                Proxy.newProxyInstance(
                        JdbcProxy.class.getClassLoader(), new Class<?>[] {type}, handler);
        handler.proxy = p;
        return type.cast(p);
    }

    /** Tally's answer to a call, or {@link #PASS} to let the wrapped object answer. */
    abstract Object call(Method method, Object[] args) throws Throwable;

    /** The SQLException a client sees for a failure of the wrapped object. */
    SQLException failure(Throwable t) {
        return SqlErrors.of(t);
    }

    @Override
    public final Object invoke(Object p, Method method, Object[] args) throws Throwable {
        switch (method.getName()) {
            case "equals":
                return args != null && args.length == 1 && p == args[0];
            case "hashCode":
                return System.identityHashCode(p);
            case "toString":
                return getClass().getSimpleName() + "[" + delegate + "]";
            case "unwrap":
                return unwrap((Class<?>) args[0]);
            case "isWrapperFor":
                Class<?> type = (Class<?>) args[0];
                return type.isInstance(p)
                        || type.isInstance(delegate)
                        || forward(method, args).equals(true);
            default:
                try {
                    Object answer = call(method, args);
                    return answer != PASS ? answer : forward(method, args);
                } catch (Throwable e) { // SQLException, RuntimeException or Error: all become
                    // SQLExceptions
                    throw failure(e);
                }
        }
    }

    /** Calls {@code method} on the wrapped object; what it throws is thrown as it is. */
    final Object forward(Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(delegate, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private Object unwrap(Class<?> type) throws SQLException {
        if (type.isInstance(proxy)) {
            return proxy;
        }
        if (type.isInstance(delegate)) {
            return delegate;
        }
        try {
            return ((Wrapper) delegate).unwrap(type);
        } catch (SQLException | RuntimeException e) {
            throw failure(e);
        }
    }
}
