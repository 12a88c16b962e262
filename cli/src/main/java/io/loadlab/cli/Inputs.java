package io.loadlab.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** The spec and the token, read with caps: a wrong path given by mistake (a log, a device) is refused, not slurped. */
final class Inputs {

    /** The loadgen's own default {@code loadgen.api.max-body-bytes}: a bigger spec would be refused with a 413. */
    static final int MAX_SPEC_BYTES = 2 * 1024 * 1024;
    static final int MAX_TOKEN_BYTES = 4096;

    private Inputs() {
    }

    static byte[] spec(Path file) throws UsageException {
        return read(file, MAX_SPEC_BYTES, "spec");
    }

    /** From {@code --token-file} (trimmed), else {@code LOADLAB_TOKEN}; null when neither is given. */
    static String token(Path file, Map<String, String> env) throws UsageException {
        if (file == null) {
            String t = env.get("LOADLAB_TOKEN");
            if (t == null || t.isBlank()) {
                return null;
            }
            // never the token itself in the message: a newline inside it (issue 42) ended the command with a stack
            // trace that printed it
            return printable(t.trim(), "LOADLAB_TOKEN");
        }
        return printable(new String(read(file, MAX_TOKEN_BYTES, "token file"), StandardCharsets.UTF_8).trim(),
                "token file " + file);
    }

    /** The token, unless it is empty or holds anything but printable ASCII (a header value cannot carry it). */
    private static String printable(String token, String where) throws UsageException {
        if (token.isEmpty() || token.chars().anyMatch(c -> c < 0x21 || c > 0x7e)) {
            throw new UsageException(where + " must hold one token of printable ASCII (no space, newline or other"
                    + " control character)");
        }
        return token;
    }

    private static byte[] read(Path file, int cap, String what) throws UsageException {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] bytes = in.readNBytes(cap + 1);
            if (bytes.length > cap) {
                throw new UsageException(what + " " + file + " is over " + cap + " bytes");
            }
            return bytes;
        } catch (IOException e) {
            throw new UsageException("cannot read " + what + " " + file + ": " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : " " + e.getMessage()));
        }
    }
}
