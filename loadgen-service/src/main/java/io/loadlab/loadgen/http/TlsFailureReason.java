package io.loadlab.loadgen.http;

import io.netty.handler.ssl.NotSslRecordException;
import io.netty.handler.ssl.SslHandshakeTimeoutException;

import java.nio.channels.ClosedChannelException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateNotYetValidException;
import java.util.Locale;

/**
 * Names why a TLS handshake failed, in a few fixed words a report can count by: the JDK's exceptions carry the
 * reason in their type (an expired certificate), a cause's reason code (PKIX), or only their message (a host the
 * certificate does not name), so the whole cause chain is read. Anything else is "other: " and the first message,
 * bounded to {@link ConnectionCounts#MAX_ERROR_CHARS}.
 */
final class TlsFailureReason {

    static final String EXPIRED = "certificate expired";
    static final String NOT_YET_VALID = "certificate not yet valid";
    static final String UNTRUSTED = "certificate not trusted (self-signed or unknown issuer)";
    static final String WRONG_HOST = "certificate does not name the host";
    static final String NO_COMMON = "no TLS version or cipher in common";
    static final String TIMED_OUT = "handshake timed out";
    static final String NOT_TLS = "not a TLS server";
    static final String CLOSED = "closed during handshake";
    /** Still in flight when the run ended (its timeout after the end): a stalled server's last handshakes. */
    static final String UNFINISHED = "handshake not finished when the run ended";
    /** The server's alert when it shares no protocol with the client's ALPN list (nginx without http2 asked h2). */
    static final String NO_ALPN = "no ALPN protocol in common (server refused h2)";

    private TlsFailureReason() {
    }

    static String of(Throwable failure) {
        String firstMessage = null;
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String reason = ofOne(t);
            if (reason != null) {
                return reason;
            }
            if (firstMessage == null && t.getMessage() != null) {
                firstMessage = t.getMessage();
            }
        }
        return ConnectionCounts.describe("other: " + (firstMessage == null ? String.valueOf(failure) : firstMessage));
    }

    private static String ofOne(Throwable t) {
        if (t instanceof SslHandshakeTimeoutException) {
            return TIMED_OUT;
        }
        if (t instanceof NotSslRecordException) {
            return NOT_TLS;
        }
        if (t instanceof CertificateExpiredException) {
            return EXPIRED;
        }
        if (t instanceof CertificateNotYetValidException) {
            return NOT_YET_VALID;
        }
        if (t instanceof CertPathValidatorException path) {
            if (path.getReason() == CertPathValidatorException.BasicReason.EXPIRED) {
                return EXPIRED;
            }
            if (path.getReason() == CertPathValidatorException.BasicReason.NOT_YET_VALID) {
                return NOT_YET_VALID;
            }
        }
        if (t instanceof ClosedChannelException) {
            return CLOSED;
        }
        String message = t.getMessage() == null ? "" : t.getMessage().toLowerCase(Locale.ROOT);
        if (message.contains("unable to find valid certification path") || message.contains("path does not chain")
                || message.contains("no trust anchor") || message.contains("certification path")) {
            return UNTRUSTED;
        }
        if (message.contains("no subject alternative") || message.contains("no name matching")) {
            return WRONG_HOST;
        }
        if (message.contains("no_application_protocol")) {
            return NO_ALPN;
        }
        if (message.contains("no appropriate protocol") || message.contains("protocol_version")
                || message.contains("handshake_failure") || message.contains("cipher suites in common")
                || message.contains("insufficient_security") || message.contains("no negotiable cipher")) {
            return NO_COMMON;
        }
        if (message.contains("closed") || message.contains("connection reset")) {
            return CLOSED;
        }
        return null;
    }
}
