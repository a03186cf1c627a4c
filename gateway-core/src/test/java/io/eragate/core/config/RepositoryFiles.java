package io.eragate.core.config;

import java.nio.file.Files;
import java.nio.file.Path;

/** Finds files of the repository (conf/, docs/) from the module directory that tests run in. */
final class RepositoryFiles {

    private RepositoryFiles() {
    }

    /** The repository root: the nearest directory, upwards from the working directory, with conf/eragate.yaml. */
    static Path root() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("conf/eragate.yaml"))) {
                return dir;
            }
        }
        throw new IllegalStateException("no conf/eragate.yaml above " + Path.of("").toAbsolutePath());
    }
}
