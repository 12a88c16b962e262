/**
 * The HTTP transport (HTTP/1.1, h2c, h2; clear text or TLS): {@link io.loadlab.loadgen.http.HttpRunDriver} runs
 * {@link io.loadlab.loadgen.http.HttpRunSpec}s and reports {@link io.loadlab.loadgen.http.HttpReport}s.
 *
 * <h2>Why a client of its own</h2>
 * Against one nginx on one core, wrk made about 192k requests/s, Vert.x's HttpClient 0.56-0.62 of
 * that and Hyperfoil's engine 0.73. So this is a lean client on Netty: each run owns its event loops
 * (epoll, level-triggered, when available); the request is encoded once
 * ({@link io.loadlab.loadgen.http.RequestTemplate}) and every connection rewinds its own view of
 * those bytes; answers are delimited by a hand-written parser
 * ({@link io.loadlab.loadgen.http.ResponseParser}) that skips bodies without copying; counters and
 * latency recorders are owned by the loop that writes them. Nothing is allocated per request on
 * a keep-alive connection.
 *
 * <h2>A connection per request</h2>
 * Keep-alive off in clear text HTTP/1.1 does not use channels: a Netty channel cost 18 system calls per connection
 * (three socket options set or read back, two address lookups, five {@code epoll_ctl}) and 0.70 x wrk's requests/s at
 * 1.46 x its CPU. {@link io.loadlab.loadgen.http.ShortConnectionLoop}, a Netty event loop (tasks and timers, so the
 * same {@link io.loadlab.loadgen.http.LoopDriver}) around its own epoll set, carries
 * {@link io.loadlab.loadgen.http.ShortConnectionSlot}s on raw non-blocking sockets, seven calls per request as wrk's.
 *
 * <h2>A request mix</h2>
 * A spec with {@code requests} or {@code values} is compiled once, before any loop starts, into a
 * {@link io.loadlab.loadgen.http.RequestMix}: per entry bytes with holes ({@link io.loadlab.loadgen.http.ByteTemplate};
 * static slices, each placeholder's values encoded once for where they sit, {@link io.loadlab.loadgen.http.ValueEncoding},
 * and {@code Content-Length} written as digits), or one pre-encoded buffer for an entry without placeholders. Each
 * request slot walks it through its own {@link io.loadlab.loadgen.http.MixCursor} (a seeded offset in the weighted
 * cycle, one draw per placeholder per request) and renders into its own buffer, so a mix allocates nothing per request
 * on HTTP/1.1 either. A named mix's requests count in per-name children of the loop's stats
 * ({@code PhaseStats.child()}), which write through to the loop's own: totals never depend on the names.
 *
 * <h2>HTTP/2</h2>
 * {@code h2c} (prior knowledge) and {@code h2} (TLS, ALPN) drive the same {@link io.loadlab.loadgen.http.LoopDriver}:
 * it hands requests to {@link io.loadlab.loadgen.http.RequestSlot}s, one per HTTP/1.1 connection or one per HTTP/2
 * stream ({@link io.loadlab.loadgen.http.H2StreamSlot}), {@code streams} of them sharing an
 * {@link io.loadlab.loadgen.http.H2Connection} whose TCP connections are {@link io.loadlab.loadgen.http.H2Session}s on
 * Netty's low-level codec ({@link io.loadlab.loadgen.http.H2ClientCodec}: quiet about late frames of the streams it
 * cancelled, and no guard against its own resets). Connection accounting stays per TCP connection.
 *
 * <h2>Accounting</h2>
 * Every request begun on a {@link io.loadlab.loadgen.http.RequestSlot} ends exactly once:
 * answered (counted in {@code requests}, any status), or failed as a connect, timeout,
 * read/write, TLS, stream reset or GOAWAY error. At the end of the measured part no new request starts, those in flight get
 * the timeout to answer, then every connection closes; a request still in flight then is a timeout, a handshake a TLS
 * failure ("handshake not finished when the run ended"). In the open model every request due before the end is
 * begun, late if need be; one never begun fails the run with the counts
 * ({@link io.loadlab.loadgen.http.ScheduleCounts}). So a target's own request counter rises by
 * {@code requests + warmupRequests} when the report shows no timeout and no read/write error.
 *
 * <h2>TLS</h2>
 * An https run has one {@link io.loadlab.loadgen.http.ClientTls}: one Netty SslContext (BoringSSL where it loads, else
 * the JDK's provider: {@code tls.provider}) and per
 * connection an SslHandler first in its pipeline. The handshake is a connection state between TCP established and
 * ready, timed apart from request latency; how it ended is counted ({@code TLS_HANDSHAKES}, {@code TLS_RESUMED},
 * {@code TLS_ERRORS}) and, when it failed, named by {@link io.loadlab.loadgen.http.TlsFailureReason} and tallied per
 * loop ({@link io.loadlab.loadgen.http.TlsTally}). HTTP/2 over TLS reuses the same pieces. A client certificate
 * ({@code tls.certificate}, {@code tls.key}; {@link io.loadlab.loadgen.http.PemKey}) is the context's key manager's,
 * {@link io.loadlab.loadgen.http.CertificateAsking}, which also marks each connection whose server asked for one
 * ({@link io.loadlab.loadgen.http.CertificateAskedMark}): how a refusal of the certificate is told from a version or
 * cipher mismatch, which share OpenSSL's alert on TLS 1.2.
 *
 * <h2>The kind</h2>
 * {@link io.loadlab.loadgen.http.HttpKind} is what the rest of the loadgen sees of HTTP runs: the spec read from JSON
 * ({@link io.loadlab.loadgen.http.HttpSpecReader}), wrk's text layout
 * ({@link io.loadlab.loadgen.http.WrkTextReport}), the outcome meters and the figures of an experiment cell.
 * May depend on {@code run}, {@code engine}, {@code report}, Netty, Micrometer and CDI.
 */
package io.loadlab.loadgen.http;
