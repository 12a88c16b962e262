/**
 * X.509 certificates for TLS, made here rather than by openssl at build time: the target service generates a
 * self-signed one at start when no Secret is mounted, and tests generate a CA, leaves it issues, expired ones and
 * ones naming the wrong host, each in milliseconds (an EC P-256 key pair takes about 1 ms; RSA-2048 takes about
 * 100 ms, which a test class making ten of them would feel). {@link io.loadlab.common.tls.Certificates} makes them,
 * {@link io.loadlab.common.tls.IssuedCertificate} holds one with its key and writes them as PEM.
 * Depends on the JDK and BouncyCastle's certificate builders (bcpkix) only; no JCA provider is registered.
 */
package io.loadlab.common.tls;
