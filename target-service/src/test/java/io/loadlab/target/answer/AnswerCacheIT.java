package io.loadlab.target.answer;

import io.quarkus.test.junit.QuarkusIntegrationTest;

@QuarkusIntegrationTest
class AnswerCacheIT extends AnswerCacheTest {
}
