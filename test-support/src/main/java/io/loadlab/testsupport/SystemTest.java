package io.loadlab.testsupport;

import org.junit.jupiter.api.Tag;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A test that needs more than the JVM: root, nginx, sockperf, Prometheus, kubectl, {@code ip netns} or a packaged
 * jar. Tagged {@value #TAG}, so {@code mvn verify -Dgroups='!system'} runs the unit tests alone (the quick inner
 * loop) while {@code .ci/run}, which filters nothing, runs everything.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag(SystemTest.TAG)
public @interface SystemTest {

    String TAG = "system";
}
