/**
 * Starting the real processes tests talk to, in one place for every module: the packaged services
 * ({@link io.loadlab.testsupport.ServiceJar}, {@link io.loadlab.testsupport.TargetService},
 * {@link io.loadlab.testsupport.LoadgenService}), nginx ({@link io.loadlab.testsupport.Nginx}), sockperf
 * ({@link io.loadlab.testsupport.SockperfServer}, {@link io.loadlab.testsupport.SockperfClient}), Prometheus
 * ({@link io.loadlab.testsupport.Prometheus}), node-exporter ({@link io.loadlab.testsupport.NodeExporter}), a network namespace behind a shaped veth pair
 * ({@link io.loadlab.testsupport.NetnsLink}), and a loadgen agent's HTTP side faked byte for byte on a loopback
 * socket, scripted per endpoint to stall, drip, lie or flood ({@link io.loadlab.testsupport.FakeAgent}), and a recorded
 * metrics exposition (a kubelet's cAdvisor, node-exporter) replayed one capture per scrape to a real Prometheus
 * ({@link io.loadlab.testsupport.RecordedExposition}). Everything listens on loopback or in a namespace the test made, on
 * free ports, and is stopped on close; a missing tool fails the test with a message naming it, never skips.
 * Tests that use any of it carry {@link io.loadlab.testsupport.SystemTest}.
 * <p>
 * May depend on: the JDK, JUnit's API, Jackson and loadlab-common (the name of the CPU-limit variable). Never on a
 * service's classes: both services' tests use it, and it starts them only as the build packaged them, the jar or,
 * under {@code -Pnative}, the native runner ({@link io.loadlab.testsupport.ServiceJar}, {@link io.loadlab.testsupport.Launch}).
 * What it writes under the temp dir is removed when the process stops ({@link io.loadlab.testsupport.LocalProcess}).
 * The nginx configuration and the netns topology are resources here that {@code bench/} reads too.
 */
package io.loadlab.testsupport;
