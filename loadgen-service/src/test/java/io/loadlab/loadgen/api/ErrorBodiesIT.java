package io.loadlab.loadgen.api;

import io.loadlab.testsupport.SystemTest;
import io.quarkus.test.junit.QuarkusIntegrationTest;

/** The error bodies against the packaged build (the native binary under {@code -Pnative}). */
@SystemTest
@QuarkusIntegrationTest
class ErrorBodiesIT extends ErrorBodiesTest {
}
