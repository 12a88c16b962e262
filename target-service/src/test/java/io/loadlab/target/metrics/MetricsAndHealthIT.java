package io.loadlab.target.metrics;

import io.loadlab.testsupport.SystemTest;
import io.quarkus.test.junit.QuarkusIntegrationTest;

@SystemTest
@QuarkusIntegrationTest
class MetricsAndHealthIT extends MetricsAndHealthTest {
}
