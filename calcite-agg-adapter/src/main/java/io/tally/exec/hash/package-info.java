/**
 * The blocked hash table and its keys: {@link io.tally.exec.hash.GroupHashTable} maps group keys to
 * dense group ids through an open-addressing index kept apart from the records; the keys live
 * column-wise in power-of-two blocks ({@link io.tally.exec.hash.KeyColumn} with its fixed- and
 * variable-width forms), addressed through {@link io.tally.exec.hash.BlockLayout}; input columns
 * are decoded once per batch ({@link io.tally.exec.hash.DecodedColumn}) and hashed by {@link
 * io.tally.exec.hash.Hashing}, whose row hash {@link io.tally.exec.hash.BatchKeyHasher} also gives
 * the spill and exchange partitioners. Keys in a small range (small integers, dictionary-coded
 * strings) are first looked up by array index in a {@link io.tally.exec.hash.DirectIndex}, a memo
 * of the table's own ids.
 *
 * <p>May import: {@code batch}, {@code memory}. Nothing else of {@code exec}: every other room
 * builds on this one.
 */
package io.tally.exec.hash;
