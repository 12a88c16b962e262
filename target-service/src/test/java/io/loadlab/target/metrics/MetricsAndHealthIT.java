package io.loadlab.target.metrics;

import io.quarkus.test.junit.QuarkusIntegrationTest;

@QuarkusIntegrationTest
class MetricsAndHealthIT extends MetricsAndHealthTest {
}
