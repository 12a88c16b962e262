package io.loadlab.loadgen.http;

/**
 * What one TLS handshake agreed.
 *
 * @param protocol the application protocol selected by ALPN ({@code h2}, {@code http/1.1}), null when none was
 * @param version  the TLS version ({@code TLSv1.3})
 * @param cipher   the cipher suite's standard name ({@code TLS_AES_128_GCM_SHA256})
 */
record TlsAgreement(String protocol, String version, String cipher) {
}
