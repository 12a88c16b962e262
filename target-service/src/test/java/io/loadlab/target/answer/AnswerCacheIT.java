package io.loadlab.target.answer;

import io.loadlab.testsupport.SystemTest;
import io.quarkus.test.junit.QuarkusIntegrationTest;

@SystemTest
@QuarkusIntegrationTest
class AnswerCacheIT extends AnswerCacheTest {
}
