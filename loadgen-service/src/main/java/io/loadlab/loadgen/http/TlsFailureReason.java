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
    /** The server asked for a client certificate and the spec gave none ({@code tls.certificate}, {@code tls.key}). */
    static final String CERTIFICATE_ASKED = "the server asked for a client certificate";
    /** The server asked for a client certificate, was given the spec's and refused it (untrusted, expired, wrong use). */
    static final String CERTIFICATE_REFUSED = "the server refused the client certificate";
    /**
     * The alerts a server sends for a client certificate it lacks or refuses: OpenSSL's handshake_failure (TLS 1.2,
     * none given) and certificate_required (TLS 1.3), the JDK's and others' bad_certificate, unknown_ca and kin. As the
     * JDK ("Received fatal alert: certificate_required") and BoringSSL ("TLSV1_ALERT_CERTIFICATE_REQUIRED") word them.
     */
    private static final String[] CERTIFICATE_ALERTS = {"handshake_failure", "certificate_required", "bad_certificate",
        "unknown_ca", "certificate_unknown", "certificate_expired", "certificate_revoked", "unsupported_certificate",
        "access_denied", "decrypt_error"};
    /** The server's alert when it shares no protocol with the client's ALPN list (nginx without http2 asked h2). */
    static final String NO_ALPN = "no ALPN protocol in common (server refused h2)";

    private TlsFailureReason() {
    }

    /**
     * As {@link #of(Throwable)}, told apart by whether the server asked for a client certificate ({@code asked} null:
     * it did not; else whether one was given): a handshake_failure after a CertificateRequest is about the
     * certificate, not a version or cipher (those fail before the server could ask).
     */
    static String of(Throwable failure, Boolean asked) {
        if (asked != null && certificateAlert(failure)) {
            return asked ? CERTIFICATE_REFUSED : CERTIFICATE_ASKED;
        }
        return of(failure);
    }

    private static boolean certificateAlert(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String message = t.getMessage() == null ? "" : t.getMessage().toLowerCase(Locale.ROOT);
            for (String alert : CERTIFICATE_ALERTS) {
                if (message.contains(alert)) {
                    return true;
                }
            }
        }
        return false;
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
        if (message.contains("certificate_required")) { // TLS 1.3's alert 116 says it alone
            return CERTIFICATE_ASKED;
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
