/**
 * Where load may go: the target allowlist ({@link io.loadlab.loadgen.api.guard.TargetGuard} over
 * {@link io.loadlab.loadgen.api.guard.Cidr}s, checked on every resolved address). The limits on a spec are
 * {@link io.loadlab.loadgen.run.LimitsConfig}, read by each kind. A refused target answers 403 naming the address
 * and the rule.
 *
 * <p>May depend on {@code run} (the spec contract and its violations), CDI and SmallRye config.
 */
package io.loadlab.loadgen.api.guard;
