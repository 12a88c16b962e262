package io.loadlab.loadgen.http;

import io.loadlab.loadgen.run.JsonFields;
import io.loadlab.loadgen.run.LimitsConfig;
import io.loadlab.loadgen.run.RunSpec;
import io.loadlab.loadgen.run.Violations;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;

/**
 * How an {@code https://} run speaks TLS. Verification is on by default (the JDK's trust store, or {@code ca});
 * SNI is the URL's host. Validated when built, every bad field named {@code tls.x}; whether {@code insecure} is
 * allowed at all is the API's policy ({@code loadgen.limits.allow-insecure-tls}), not this record's.
 *
 * @param ca         PEM bundle of the certificates to trust instead of the JDK's; null for the JDK's trust store
 * @param insecure   true: accept any certificate, any host (a test server's self-signed one)
 * @param versions   the versions offered, from {@code TLSv1.2} and {@code TLSv1.3}; empty for the provider's default
 * @param ciphers    the cipher suites offered, by their standard names; empty for the provider's default
 * @param resumption true: reuse sessions (tickets or IDs) across connections, as browsers do; false: every new
 *                   connection makes a full handshake, so a keep-alive-off run measures full handshakes
 * @param provider   {@code auto} (the default: BoringSSL where it loads, else the JDK's), {@code openssl} (BoringSSL
 *                   through netty-tcnative, on Linux x86-64 and aarch64 JVMs: a full handshake cost 293 us of CPU
 *                   against the JDK 17 provider's 4,411, ClientTls) or {@code jdk} (the JDK's own TLS, which a native
 *                   image carries). The report's {@code tls.provider} says which one ran
 * @param certificate PEM of the client certificate to give a server that asks for one (its chain may follow), as
 *                    curl's {@code --cert}; null for none. Given with {@code key} or not at all
 * @param key         PEM (unencrypted PKCS#8) of that certificate's private key, as curl's {@code --key}; null for
 *                    none. A secret: {@link #toString} and every page, report and answer show {@link #REDACTED_KEY}
 */
public record TlsSpec(String ca, boolean insecure, List<String> versions, List<String> ciphers, boolean resumption,
                      String provider, String certificate, String key) {

    public static final String JDK = "jdk";
    public static final String OPENSSL = "openssl";
    /** BoringSSL where netty-tcnative loads (a JVM on Linux x86-64 or aarch64), the JDK's elsewhere (a native image). */
    public static final String AUTO = "auto";

    public static final Set<String> VERSIONS = Set.of("TLSv1.2", "TLSv1.3");
    /** A bundle of a few hundred certificates (the JDK's whole cacerts as PEM is ~220 KB). */
    public static final int MAX_CA_BYTES = 256 * 1024;
    public static final int MAX_CIPHERS = 64;
    /** A client certificate with its chain; a PEM private key is under 4 KB even for RSA 4096. */
    public static final int MAX_CERTIFICATE_BYTES = 64 * 1024;
    public static final int MAX_KEY_BYTES = 16 * 1024;
    /** What is shown for a key. */
    public static final String REDACTED_KEY = RunSpec.REDACTED;
    /** Verified against the JDK's trust store, the provider's versions and ciphers, sessions resumed, the fastest
     * provider that loads. Declared after the constants its constructor checks against: before them, VERSIONS was
     * still null when it was built. */
    public static final TlsSpec DEFAULT = new TlsSpec(null, false, List.of(), List.of(), true);

    /** On the provider chosen by {@link #AUTO}. */
    public TlsSpec(String ca, boolean insecure, List<String> versions, List<String> ciphers, boolean resumption) {
        this(ca, insecure, versions, ciphers, resumption, AUTO);
    }

    /** Without a client certificate. */
    public TlsSpec(String ca, boolean insecure, List<String> versions, List<String> ciphers, boolean resumption,
                   String provider) {
        this(ca, insecure, versions, ciphers, resumption, provider, null, null);
    }

    /**
     * The spec of a {@code tls} JSON object (null when absent), its violations added to {@code f}'s, under the limits'
     * policy ({@code insecure} only where allowed). The way code outside the kind reads one (an experiment's
     * protocols): the reader itself is the kind's own.
     */
    public static TlsSpec read(JsonFields f, LimitsConfig limits) {
        return new TlsSpecReader(limits).read(f);
    }

    public TlsSpec {
        versions = versions == null ? List.of() : List.copyOf(versions);
        ciphers = ciphers == null ? List.of() : List.copyOf(ciphers);
        provider = provider == null ? JDK : provider; // a spec kept before the choice existed ran on the JDK's
        Violations v = new Violations();
        check(v, ca, versions, ciphers);
        v.check(AUTO.equals(provider) || JDK.equals(provider) || OPENSSL.equals(provider), "tls.provider",
                "must be auto, jdk or openssl");
        checkClientCertificate(v, certificate, key);
        v.throwIfAny();
    }

    /** This spec as shown anywhere: the key replaced by {@link #REDACTED_KEY}. */
    public TlsSpec redacted() {
        return key == null || REDACTED_KEY.equals(key) ? this
                : new TlsSpec(ca, insecure, versions, ciphers, resumption, provider, certificate, REDACTED_KEY);
    }

    /** Never the key: a spec is logged and put in exceptions' messages. */
    @Override
    public String toString() {
        return "TlsSpec[ca=" + (ca == null ? null : ca.length() + " chars") + ", insecure=" + insecure + ", versions="
                + versions + ", ciphers=" + ciphers + ", resumption=" + resumption + ", provider=" + provider
                + ", certificate=" + (certificate == null ? null : certificate.length() + " chars") + ", key="
                + (key == null ? null : REDACTED_KEY) + "]";
    }

    /**
     * Both or neither, each a PEM of its kind, the key the certificate's. A spec read back redacted keeps its shape
     * but cannot be run: {@link ClientTls} refuses it.
     */
    private static void checkClientCertificate(Violations v, String certificate, String key) {
        v.check((certificate == null) == (key == null), certificate == null ? "tls.certificate" : "tls.key",
                "must be given with " + (certificate == null ? "tls.key" : "tls.certificate"));
        if (certificate != null) {
            v.check(certificate.getBytes(StandardCharsets.UTF_8).length <= MAX_CERTIFICATE_BYTES, "tls.certificate",
                    "must be at most " + MAX_CERTIFICATE_BYTES + " bytes");
            v.check(certificate.contains("-----BEGIN CERTIFICATE-----"), "tls.certificate",
                    "must be a PEM certificate (its chain may follow)");
        }
        if (key != null && !REDACTED_KEY.equals(key)) {
            v.check(key.getBytes(StandardCharsets.UTF_8).length <= MAX_KEY_BYTES, "tls.key",
                    "must be at most " + MAX_KEY_BYTES + " bytes");
            v.check(key.contains("PRIVATE KEY-----"), "tls.key", "must be a PEM private key");
        }
    }

    private static void check(Violations v, String ca, List<String> versions, List<String> ciphers) {
        if (ca != null) {
            v.check(ca.getBytes(StandardCharsets.UTF_8).length <= MAX_CA_BYTES, "tls.ca",
                    "must be at most " + MAX_CA_BYTES + " bytes");
            v.check(ca.contains("-----BEGIN CERTIFICATE-----"), "tls.ca", "must be a PEM bundle of certificates");
        }
        v.check(versions.size() <= VERSIONS.size() && versions.stream().allMatch(VERSIONS::contains), "tls.versions",
                "must name only " + VERSIONS.stream().sorted().toList());
        v.check(ciphers.size() <= MAX_CIPHERS, "tls.ciphers", "must name at most " + MAX_CIPHERS + " suites");
        v.check(ciphers.stream().allMatch(c -> c != null && c.matches("[A-Za-z0-9_-]{1,100}")), "tls.ciphers",
                "must be standard suite names (letters, digits, _ and -)");
    }
}
