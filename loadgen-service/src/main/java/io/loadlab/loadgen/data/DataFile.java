package io.loadlab.loadgen.data;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.time.Instant;

/**
 * A data file as {@code GET /data} lists it and {@code POST /data/{name}} answers (registered for native builds in
 * {@code api.NativeJsonTypes}: it reaches Jackson only through {@code Response.entity}).
 *
 * @param name     its name, as a spec's {@code values.X.file} names it
 * @param bytes    its size
 * @param modified when it was last written
 * @param sha256   hex digest of its bytes, in the upload's answer only (a list would read every file)
 * @param source   {@code uploaded} or {@code directory}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DataFile(String name, long bytes, Instant modified, String sha256, String source) {

    public static final String UPLOADED = "uploaded";
    public static final String DIRECTORY = "directory";
}
