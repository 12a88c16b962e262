package io.loadlab.loadgen.api;

import io.loadlab.loadgen.experiment.ExperimentRecord;
import io.loadlab.loadgen.run.RunKinds;
import io.loadlab.loadgen.run.RunRecord;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * What a reader may see of a run or an experiment. Reads are open (only writes need the token, {@link TokenFilter}), but a run's spec
 * may hold credentials: a target's {@code Authorization} header was served to anyone by {@code GET /runs}. A reader
 * without the token sees header values and bodies redacted; one with it (or any reader in insecure mode, where
 * nobody holds a token) sees the record as it is kept, but for what nobody reads back: a TLS private key
 * ({@code tls.key}), which only the run itself uses. The same check as a write's ({@link ApiTokenPolicy}).
 */
@ApplicationScoped
public class Readers {

    @Inject
    ApiTokenPolicy policy;
    @Inject
    RunKinds kinds;

    /** @param authorization the request's {@code Authorization} header, or null */
    public RunRecord shown(RunRecord run, String authorization) {
        return policy.authorized(authorization) ? kinds.keysHidden(run) : kinds.redacted(run);
    }

    /** {@code run} as its poster sees it in the 202: whole, but for its TLS key. */
    public RunRecord keysHidden(RunRecord run) {
        return kinds.keysHidden(run);
    }

    /** An experiment as this reader may see it: its variants' requests redacted without the token, as a run's. */
    public ExperimentRecord shown(ExperimentRecord experiment, String authorization) {
        return policy.authorized(authorization) ? experiment.keysHidden() : experiment.redacted();
    }
}
