package io.tally.session;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The type of a {@link Setting}'s value: its default, how text becomes the typed value (checked
 * once, when the value is given) and how the value prints back as canonical text (for {@code
 * SHOW}).
 *
 * @param <T> the typed value
 */
final class SettingType<T> {
    private final Supplier<T> defaultValue;
    private final Function<String, T> parser;
    private final Function<T, String> printer;

    private SettingType(
            Supplier<T> defaultValue, Function<String, T> parser, Function<T, String> printer) {
        this.defaultValue = defaultValue;
        this.parser = parser;
        this.printer = printer;
    }

    /**
     * A value {@code parser} reads (throwing {@link IllegalArgumentException}) and prints as {@code
     * toString}.
     */
    static <T> SettingType<T> of(Supplier<T> defaultValue, Function<String, T> parser) {
        return new SettingType<>(defaultValue, parser, String::valueOf);
    }

    /** One of an enum's constants, written in lower case. */
    static <E extends Enum<E>> SettingType<E> choice(E defaultValue) {
        E[] constants = defaultValue.getDeclaringClass().getEnumConstants();
        return new SettingType<>(
                () -> defaultValue,
                v -> {
                    for (E e : constants) {
                        if (e.name().equalsIgnoreCase(v)) {
                            return e;
                        }
                    }
                    throw new IllegalArgumentException(
                            "'"
                                    + v
                                    + "' (valid values: "
                                    + Arrays.stream(constants)
                                            .map(SettingType::lowerName)
                                            .collect(Collectors.joining(", "))
                                    + ")");
                },
                SettingType::lowerName);
    }

    /** {@code true} or {@code false}. */
    static SettingType<Boolean> bool(boolean defaultValue) {
        return new SettingType<>(
                () -> defaultValue,
                v -> {
                    if (v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false")) {
                        return Boolean.parseBoolean(v);
                    }
                    throw new IllegalArgumentException("'" + v + "' (valid values: true, false)");
                },
                String::valueOf);
    }

    /**
     * An existing directory, kept absolute and normalized; {@code optional}: empty text is none
     * (null).
     */
    static SettingType<Path> directory(Supplier<Path> defaultValue, boolean optional) {
        return new SettingType<>(
                defaultValue,
                v -> {
                    if (v.isEmpty() && optional) {
                        return null;
                    }
                    Path p = Path.of(v);
                    if (!Files.isDirectory(p)) {
                        throw new IllegalArgumentException(
                                "'" + v + "' is not an existing directory");
                    }
                    return p.toAbsolutePath().normalize();
                },
                p -> p == null ? "" : p.toString());
    }

    /** An existing directory Tally can create (and delete) a file in, as spilling will. */
    static SettingType<Path> writableDirectory(Supplier<Path> defaultValue) {
        SettingType<Path> directory = directory(defaultValue, false);
        return new SettingType<>(
                defaultValue,
                v -> {
                    Path dir = directory.parse(v);
                    try {
                        Files.delete(Files.createTempFile(dir, "tally-probe-", ".tmp"));
                    } catch (IOException | RuntimeException e) {
                        throw new IllegalArgumentException(
                                "'"
                                        + v
                                        + "' is not a directory Tally can write spill"
                                        + " files in ("
                                        + e.getClass().getSimpleName()
                                        + ": "
                                        + e.getMessage()
                                        + ")");
                    }
                    return dir;
                },
                directory.printer);
    }

    T defaultValue() {
        return defaultValue.get();
    }

    /**
     * The typed value of {@code text} (already trimmed); throws {@link IllegalArgumentException}.
     */
    T parse(String text) {
        return parser.apply(text);
    }

    /** The canonical text of {@code value}, a value of this type. */
    @SuppressWarnings("unchecked")
    String print(Object value) {
        return printer.apply((T) value);
    }

    private static String lowerName(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }
}
