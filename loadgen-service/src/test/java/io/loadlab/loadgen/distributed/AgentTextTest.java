package io.loadlab.loadgen.distributed;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AgentTextTest {

    @Test
    void aFailureIsCutAtOneKibibyteAndSaysSo() {
        String cut = AgentText.failure("x".repeat(15 << 20)); // issue 22: 15 MiB, stored three times
        assertTrue(cut.startsWith("x".repeat(AgentText.MAX_FAILURE) + "... ("), cut.substring(0, 10));
        assertTrue(cut.endsWith(((15 << 20) - AgentText.MAX_FAILURE) + " more characters cut)"), cut);
        assertTrue(cut.length() < AgentText.MAX_FAILURE + 64);
        assertEquals("short", AgentText.failure("short"));
        assertNull(AgentText.failure(null));
    }

    @Test
    void aNameFollowsTheIdRule() {
        assertTrue(AgentText.isName("loadgen-agent-0.ns_1"));
        assertFalse(AgentText.isName(""));
        assertFalse(AgentText.isName("n".repeat(65)));
        assertFalse(AgentText.isName("<script>"));
        assertFalse(AgentText.isName("a b"));
        assertFalse(AgentText.isName(null));
    }

    @Test
    void anAgentWithABadNameIsRefusedWithoutQuotingIt() {
        String refusal = new AgentInfo("n".repeat(100_000), "1", true, null, 1).refusal("1");
        assertTrue(refusal.contains("name"), refusal);
        assertTrue(refusal.length() < 200, "not quoted");
    }
}
