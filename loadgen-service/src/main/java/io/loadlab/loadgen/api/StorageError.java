package io.loadlab.loadgen.api;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * The 503 body while the data dir cannot take records: {@code code} and {@code msg} like every {@link ApiError},
 * plus the data dir an operator has to free or remount.
 */
@RegisterForReflection
public record StorageError(int code, String msg, String dataDir) {
}
