/**
 * The composition root of distributed runs: CDI producers that build the controller's beans
 * ({@link io.loadlab.loadgen.wiring.ControllerProducer}: the agents {@code loadgen.agents} names and the client that
 * calls them) and the agent's ({@link io.loadlab.loadgen.wiring.AgentPartsProducer}) from classes in
 * {@code distributed}, which carry no CDI annotation so they are built and tested without a container.
 * <p>Apart from {@code api} (REST resources, filters and errors only, ArchitectureTest) so the API does not double as
 * the place beans are composed. May depend on {@code distributed}, {@code engine}, {@code job}, {@code run}, the
 * common module, {@code api}'s configuration ({@link io.loadlab.loadgen.api.ApiConfig}: the token an agent call
 * carries), CDI and MicroProfile Config; nothing depends on it but the container.
 */
package io.loadlab.loadgen.wiring;
