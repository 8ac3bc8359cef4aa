package io.jslurm.slurmctld.assoc;

import io.jslurm.protocol.proto.DbdAssocSnapshot;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/**
 * The last copy of accounting's associations, under StateSaveLocation, so that a controller started while
 * slurmdbd is away still enforces what it last knew. Written whole to a temporary file and renamed over.
 */
public final class AssocSnapshotFile {

    static final String NAME = "assoc_mgr_state";

    private final Path file;

    public AssocSnapshotFile(Path stateSaveLocation) {
        this.file = stateSaveLocation.resolve(NAME);
    }

    public Optional<DbdAssocSnapshot> load() throws IOException {
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        return Optional.of(DbdAssocSnapshot.parseFrom(Files.readAllBytes(file)));
    }

    public void save(DbdAssocSnapshot snapshot) throws IOException {
        Path tmp = file.resolveSibling(NAME + ".new");
        Files.write(tmp, snapshot.toByteArray());
        try (var channel = java.nio.channels.FileChannel.open(tmp, java.nio.file.StandardOpenOption.WRITE)) {
            channel.force(true);
        }
        try {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    public Path path() {
        return file;
    }
}
