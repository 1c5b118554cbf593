package io.tally.session;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Which files a connection may read and write. Every path a statement names (a path in FROM, {@code
 * read_csv}/{@code read_parquet}/{@code read_arrow}, each file a glob matches, a COPY target) is
 * checked here before it is opened. Embedded connections may use anything the process can ({@link
 * #UNRESTRICTED}); a server restricts remote clients to its data directories ({@link #within}).
 */
public interface FileAccess {
    /** Anything the process itself may read and write. */
    FileAccess UNRESTRICTED =
            new FileAccess() {
                @Override
                public Path checkRead(Path path) {
                    return absolute(path);
                }

                @Override
                public Path checkWrite(Path path) {
                    return absolute(path);
                }

                @Override
                public String toString() {
                    return "unrestricted";
                }
            };

    /**
     * Checks that {@code path} (relative paths resolve against the working directory) may be read;
     * returns it absolute and normalized.
     *
     * @throws FileAccessException naming the path and what is allowed
     */
    Path checkRead(Path path);

    /** As {@link #checkRead}, for a file to be written. */
    Path checkWrite(Path path);

    /** {@code path} made absolute against the working directory and normalized. */
    static Path absolute(Path path) {
        return path.toAbsolutePath().normalize();
    }

    /**
     * Only files inside {@code roots} (after resolving symbolic links of the existing part of the
     * path, so a link cannot lead out of them).
     */
    static FileAccess within(List<Path> roots) {
        List<Path> real = roots.stream().map(FileAccess::real).toList();
        return new FileAccess() {
            @Override
            public Path checkRead(Path path) {
                return check(path, "read");
            }

            @Override
            public Path checkWrite(Path path) {
                return check(path, "write");
            }

            private Path check(Path path, String verb) {
                Path p = absolute(path);
                Path resolved = real(p);
                for (Path root : real) {
                    if (resolved.startsWith(root)) {
                        return p;
                    }
                }
                throw new FileAccessException(
                        "Access denied: this connection may not "
                                + verb
                                + " "
                                + p
                                + " (allowed: files under "
                                + String.join(", ", real.stream().map(Path::toString).toList())
                                + ")");
            }

            @Override
            public String toString() {
                return "within " + real;
            }
        };
    }

    /**
     * Reads only inside {@code roots} and no writes at all: what {@code file_access=data} gives a
     * server's remote clients (they share its data directory; COPY TO is refused).
     */
    static FileAccess readOnlyWithin(List<Path> roots) {
        FileAccess reads = within(roots);
        return new FileAccess() {
            @Override
            public Path checkRead(Path path) {
                return reads.checkRead(path);
            }

            @Override
            public Path checkWrite(Path path) {
                throw new FileAccessException(
                        "Access denied: this connection may not write "
                                + absolute(path)
                                + " (file_access=data: files are read-only)");
            }

            @Override
            public String toString() {
                return "read-only, " + reads;
            }
        };
    }

    /** The real path of the longest existing prefix of {@code path}, with the rest appended. */
    private static Path real(Path path) {
        Path p = absolute(path);
        Path existing = p;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return p;
        }
        try {
            return existing.toRealPath().resolve(existing.relativize(p)).normalize();
        } catch (IOException e) {
            return p;
        }
    }
}
