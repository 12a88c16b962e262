package io.loadlab.loadgen.data;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.api.Tmpfs;
import io.loadlab.loadgen.job.DataDir;
import io.loadlab.loadgen.job.DataDirUnavailableException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The store on a real file system: what is written, what survives, what is refused and what is never left behind. */
class DataStoreTest {

    @TempDir
    Path tmp;

    private static DataConfig config(long maxBytes, int maxFiles, Path directory) {
        return new DataConfig() {
            public long maxFileBytes() {
                return maxBytes;
            }

            public int maxFiles() {
                return maxFiles;
            }

            public Optional<Path> directory() {
                return Optional.ofNullable(directory);
            }
        };
    }

    private DataStore store(DataConfig config) {
        return new DataStore(new DataDir(tmp.resolve("dir"), new ObjectMapper()), config);
    }

    private static InputStream bytes(String s) {
        return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
    }

    private static String read(DataStore store, String name) throws IOException {
        try (InputStream in = store.open(name).orElseThrow()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void anUploadIsKeptReplacedListedAndSurvivesANewStoreOverTheSameDir() throws Exception {
        DataStore store = store(config(1000, 10, null));
        DataFile kept = store.save("ids.csv", bytes("id\n1\n"));
        assertEquals("ids.csv", kept.name());
        assertEquals(5, kept.bytes());
        assertEquals(java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                .digest("id\n1\n".getBytes(StandardCharsets.UTF_8))), kept.sha256());
        assertEquals(DataFile.UPLOADED, kept.source());
        store.save("ids.csv", bytes("id\n2\n"));

        DataStore restarted = store(config(1000, 10, null));
        assertEquals("id\n2\n", read(restarted, "ids.csv"));
        assertEquals(List.of("ids.csv"), restarted.list().stream().map(DataFile::name).toList());
        restarted.delete("ids.csv");
        assertTrue(restarted.open("ids.csv").isEmpty());
        assertEquals(404, assertThrows(DataFileException.class, () -> restarted.delete("ids.csv")).status());
    }

    /** An endless body: the store reads one byte past the cap and stops, leaving no file and no temporary one. */
    @Test
    void anUploadOverTheCapIsReadToOneBytePastItAndLeavesNothing() throws IOException {
        DataStore store = store(config(1000, 10, null));
        long[] read = {0};
        InputStream endless = new InputStream() {
            @Override
            public int read() {
                read[0]++;
                return 'x';
            }

            @Override
            public int read(byte[] b, int off, int len) {
                java.util.Arrays.fill(b, off, off + len, (byte) 'x');
                read[0] += len;
                return len;
            }
        };
        DataFileException e = assertThrows(DataFileException.class, () -> store.save("big.csv", endless));
        assertEquals(413, e.status());
        assertTrue(e.getMessage().contains("loadgen.data.max-file-bytes"), e.getMessage());
        assertEquals(1001, read[0]);
        try (var left = Files.list(tmp.resolve("dir").resolve(DataStore.SUBDIR))) {
            assertEquals(List.of(), left.toList());
        }
    }

    @Test
    void namesAreCheckedAndTheFileCountIsCapped() {
        DataStore store = store(config(1000, 2, null));
        for (String bad : List.of("..", ".hidden", "a/b", "../x", "", "x".repeat(129), "a b")) {
            assertEquals(400, assertThrows(DataFileException.class, () -> store.save(bad, bytes("id\n1\n"))).status(), bad);
        }
        store.save("a", bytes("1"));
        store.save("b", bytes("1"));
        store.save("b", bytes("2"));
        assertEquals(409, assertThrows(DataFileException.class, () -> store.save("c", bytes("1"))).status());
    }

    /**
     * The directory as a ConfigMap mount lays it out ({@code ids.csv -> ..data/ids.csv}): followed; a link out of it,
     * and a name reaching up, are not there at all; its files are read-only and never shadowed.
     */
    @Test
    void theDirectoryIsReadOnlyAndNothingOutsideItIsReached() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("mount"));
        Path version = Files.createDirectories(dir.resolve("..2026_12_04"));
        Files.writeString(version.resolve("ids.csv"), "id\n7\n");
        Files.createSymbolicLink(dir.resolve("..data"), version.getFileName());
        Files.createSymbolicLink(dir.resolve("ids.csv"), Path.of("..data/ids.csv"));
        Path secret = Files.writeString(tmp.resolve("secret.csv"), "token\nhunter2\n");
        Files.createSymbolicLink(dir.resolve("escape.csv"), secret);
        Files.writeString(dir.resolve("big.csv"), "x".repeat(2000));
        DataStore store = store(config(1000, 10, dir));

        assertEquals("id\n7\n", read(store, "ids.csv"));
        assertEquals(List.of("big.csv", "ids.csv"), store.list().stream().map(DataFile::name).toList());
        assertTrue(store.list().stream().allMatch(f -> f.source().equals(DataFile.DIRECTORY)));
        assertTrue(store.open("escape.csv").isEmpty(), "a link out of the directory is not a file of it");
        assertTrue(store.open("../secret.csv").isEmpty());
        assertTrue(store.open("..data").isEmpty());
        IOException over = assertThrows(IOException.class, () -> store.open("big.csv"));
        assertTrue(over.getMessage().contains("2000 bytes"), over.getMessage());
        assertEquals(409, assertThrows(DataFileException.class, () -> store.save("ids.csv", bytes("id\n1\n"))).status());
        assertEquals(409, assertThrows(DataFileException.class, () -> store.delete("ids.csv")).status());
    }

    /** A real full tmpfs: the answer names the data dir (the API's 503), and no half file is left to be read. */
    @Test
    void aFullDiskLeavesNoHalfFile() throws Exception {
        try (Tmpfs fs = Tmpfs.mount("1m")) {
            DataStore store = new DataStore(new DataDir(fs.dir(), new ObjectMapper()), config(4 << 20, 10, null));
            byte[] two = new byte[2 << 20];
            DataDirUnavailableException e = assertThrows(DataDirUnavailableException.class,
                    () -> store.save("ids.csv", new ByteArrayInputStream(two)));
            assertTrue(e.getMessage().contains("No space left on device"), e.getMessage());
            assertTrue(store.open("ids.csv").isEmpty());
            try (var left = Files.list(fs.dir().resolve(DataStore.SUBDIR))) {
                assertEquals(List.of(), left.toList());
            }
        }
    }
}
