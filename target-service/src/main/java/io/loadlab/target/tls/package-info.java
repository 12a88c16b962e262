/**
 * The target's TLS port: {@link io.loadlab.target.tls.HttpsServer} serves Quarkus' router over HTTPS (HTTP/1.1 and
 * h2 by ALPN) on {@code target.https.port}, with the certificate of {@link io.loadlab.target.tls.PemFiles} (a mounted
 * Secret) or, when none is given, a {@link io.loadlab.target.tls.SelfSigned} one made at start and logged by its
 * SHA-256 fingerprint; {@link io.loadlab.target.tls.CertificateWatch} serves a rotated pair without a restart.
 * h2c needs nothing here: Quarkus' plain port takes it by prior knowledge and by Upgrade (Vert.x's default).
 * {@link io.loadlab.target.tls.LimitedEngineOptions} bounds the handshakes in progress
 * ({@code target.https.max-handshakes}) and runs their work on Vert.x's worker pool, off the shared loops.
 *
 * <p>Why not Quarkus' own {@code quarkus.http.ssl-port} with the TLS registry: the registry reads PEM files named in
 * config before the server starts, so a certificate made at start would need files written by a config source, in
 * static init (at image build, natively); a second Vert.x server takes the PEM in memory and
 * {@code updateSSLOptions} swaps it in place, the same code for files and self-signed.
 *
 * <p>May depend on: {@code metrics} (to tell the connection meters the port), {@link io.loadlab.target.TargetConfig},
 * loadlab-common's certificates and limits, Vert.x core and web, Netty's SSL contexts, Quarkus lifecycle events and CDI. Nothing depends on it but
 * tests.
 */
package io.loadlab.target.tls;
