package io.loadlab.loadgen.http;

import io.loadlab.loadgen.run.JsonFields;
import io.loadlab.loadgen.run.LimitsConfig;

import java.util.List;

/**
 * Reads an http spec's {@code tls} object. Policy lives here, well-formedness in {@link TlsSpec}:
 * {@code insecure: true} only where {@code loadgen.limits.allow-insecure-tls} allows it.
 */
public final class TlsSpecReader {

    private final LimitsConfig limits;

    public TlsSpecReader(LimitsConfig limits) {
        this.limits = limits;
    }

    /** The spec of {@code tls}, null when absent (the record then takes {@link TlsSpec#DEFAULT} for https). */
    public TlsSpec read(JsonFields f) {
        if (f == null) {
            return null;
        }
        String ca = f.text("ca", null);
        boolean insecure = f.bool("insecure", false);
        List<String> versions = f.strings("versions", TlsSpec.VERSIONS.size(), 16);
        List<String> ciphers = f.strings("ciphers", TlsSpec.MAX_CIPHERS, 100);
        boolean resumption = f.bool("resumption", true);
        f.violations().check(!insecure || limits.allowInsecureTls(), "tls.insecure",
                "is not allowed here (loadgen.limits.allow-insecure-tls is false)");
        return f.build(() -> new TlsSpec(ca, insecure, versions, ciphers, resumption));
    }
}
