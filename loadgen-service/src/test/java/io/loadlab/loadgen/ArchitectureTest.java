package io.loadlab.loadgen;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaFieldAccess;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.run.RunKind;
import org.junit.jupiter.api.Test;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.simpleNameEndingWith;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noFields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noMethods;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The loadgen's package rules, checked on the compiled main classes. Each rule names what it protects; a
 * failure lists every offending dependency with its source line.
 */
class ArchitectureTest {

    private static final String ROOT = "io.loadlab.loadgen";
    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(ROOT);
    private static final String[] FRAMEWORKS = {"io.quarkus..", "io.vertx..", "io.netty..", "jakarta..",
            "io.smallrye..", "org.eclipse.microprofile.."};
    /** Every kind's package: found from its RunKind bean, so a new kind is held by these rules unasked. */
    private static final Set<String> KIND_PACKAGES = MAIN.stream()
            .filter(c -> c.isAssignableTo(RunKind.class) && !c.isEquivalentTo(RunKind.class))
            .map(JavaClass::getPackageName).collect(Collectors.toCollection(TreeSet::new));
    /** What a family of kinds shares below them (udp's socket loop, sockperf's message and text): theirs alone. */
    private static final Set<String> KIND_BASES = Set.of(ROOT + ".udp");
    private static final String[] KINDS = Stream.concat(KIND_PACKAGES.stream(), KIND_BASES.stream())
            .toArray(String[]::new);
    /** What code outside a kind may name of it: its spec, its report and the records inside them. */
    /** The enums a kind's spec records hold (http's HttpProtocol): values of the contract, named wherever specs are. */
    private static final Set<String> SPEC_VALUES = MAIN.stream()
            .filter(c -> c.getSimpleName().endsWith("Spec") && c.isRecord())
            .flatMap(c -> c.getFields().stream()).map(f -> f.getRawType())
            .filter(JavaClass::isEnum).map(JavaClass::getName).collect(Collectors.toSet());
    private static final DescribedPredicate<JavaClass> KIND_INTERNALS = resideInAnyPackage(KINDS)
            .and(DescribedPredicate.not(simpleNameEndingWith("Spec").or(simpleNameEndingWith("Report"))
                    .or(simpleNameEndingWith("Errors"))
                    .or(DescribedPredicate.describe("a spec's enum", (JavaClass c) -> SPEC_VALUES.contains(c.getName())))))
            .as("a kind's internals (anything but its Spec, Report and Errors records and the enums its specs hold)");

    /** The engine is the part a second transport reuses as is: tested with a fake clock, no container. */
    @Test
    void engineIsFreeOfFrameworks() {
        check(noClasses().that().resideInAPackage(ROOT + ".engine..")
                .should().dependOnClassesThat().resideInAnyPackage(FRAMEWORKS));
    }

    /** Reports are plain records and renderers: a report must read back from disk without a running service. */
    @Test
    void reportIsFreeOfFrameworks() {
        check(noClasses().that().resideInAPackage(ROOT + ".report..")
                .should().dependOnClassesThat().resideInAnyPackage(FRAMEWORKS));
    }

    /**
     * The gate judges figures it is given: no framework, no kind and nothing of runs, so a verdict reads back from disk
     * and the command line's reading of it is the service's (issue 25).
     */
    @Test
    void gateIsFreeOfFrameworksAndKinds() {
        check(noClasses().that().resideInAPackage(ROOT + ".gate..")
                .should().dependOnClassesThat().resideInAnyPackage(FRAMEWORKS)
                .orShould().dependOnClassesThat().resideInAnyPackage(KINDS)
                .orShould().dependOnClassesThat().resideInAnyPackage(ROOT + ".run..", ROOT + ".experiment..",
                        ROOT + ".api..", ROOT + ".controller..", ROOT + ".distributed.."));
    }

    /** Report sits below every kind: a renderer of one kind's layout belongs to that kind (wrk's to http). */
    @Test
    void reportImportsNoKind() {
        check(noClasses().that().resideInAPackage(ROOT + ".report..")
                .should().dependOnClassesThat().resideInAnyPackage(KINDS));
    }

    /**
     * Everything outside the kinds (the API, metrics, experiments, distributed runs...) reaches a kind only through
     * its RunKind bean and may name its public records: adding a kind touches its package and its
     * registration, never these.
     */
    @Test
    void codeOutsideTheKindsUsesThemOnlyThroughTheContract() {
        check(noClasses().that().resideOutsideOfPackages(KINDS)
                .should().dependOnClassesThat(KIND_INTERNALS));
    }

    /**
     * A kind names no other kind, not even its records, and a base none of the kinds above it: each kind can be
     * read, changed or removed alone.
     */
    @Test
    void kindsAreIndependentOfEachOther() {
        assertTrue(KIND_PACKAGES.containsAll(Set.of(ROOT + ".http", ROOT + ".udp.throughput", ROOT + ".udp.pingpong",
                ROOT + ".udp.underload")), "kinds found from their definitions: " + KIND_PACKAGES);
        for (String kind : KINDS) {
            String[] others = Stream.of(KINDS).filter(p -> !p.equals(kind) && !kind.startsWith(p + "."))
                    .toArray(String[]::new);
            check(noClasses().that().resideInAPackage(kind).should().dependOnClassesThat().resideInAnyPackage(others));
        }
    }

    /**
     * The transport-free engine names no kind's class either; {@link Counter} holds every kind's counters, held apart by
     * {@link #aKindsCountersAreNamedOnlyByItsPackageAndTheListedReaders}.
     */
    @Test
    void engineNamesNoKind() {
        check(noClasses().that().resideInAPackage(ROOT + ".engine..")
                .should().dependOnClassesThat().resideInAnyPackage(KINDS));
    }

    /**
     * The engine's {@link Counter} holds every kind's counters in one enum, so the hot path indexes one array by
     * ordinal (issue 26 part 3 kept it: a kind's own enum mapped to slots saves nothing per request and changes the
     * agents' wire and the distributed report's {@code counts}). What this holds instead: a kind's own counters are
     * named in its package, and outside it only where listed here, each with its reason; a new reader fails here.
     */
    @Test
    void aKindsCountersAreNamedOnlyByItsPackageAndTheListedReaders() {
        Map<Counter, String> owner = new EnumMap<>(Counter.class);
        Stream.of(Counter.CONNECTIONS_OPENED, Counter.CONNECT_ERRORS, Counter.TIMEOUTS, Counter.STATUS_3XX,
                Counter.STATUS_4XX, Counter.STATUS_5XX, Counter.TLS_HANDSHAKES, Counter.TLS_RESUMED, Counter.TLS_ERRORS,
                Counter.STREAM_RESETS, Counter.GOAWAY_ERRORS, Counter.GOAWAYS).forEach(c -> owner.put(c, ROOT + ".http"));
        Stream.of(Counter.PONGS_REQUESTED, Counter.DUPLICATED, Counter.OUT_OF_ORDER).forEach(c -> owner.put(c, ROOT + ".udp"));
        Set<String> listed = Set.of(
                // the per-second series carries UDP's lost and HTTP's handshakes (SeriesPoint.lost, .handshakes)
                ROOT + ".engine.MeasuredSeries PONGS_REQUESTED", ROOT + ".engine.MeasuredSeries TLS_HANDSHAKES",
                // a live run's progress shows handshakes (RunProgress.handshakes), whatever its kind
                ROOT + ".run.RunningLoad TLS_HANDSHAKES",
                // distributed runs are HTTP's alone today: a cell's failed attempts are its connect errors and timeouts
                ROOT + ".controller.DistributedKind CONNECT_ERRORS", ROOT + ".controller.DistributedKind TIMEOUTS");
        Set<String> found = new TreeSet<>();
        for (JavaClass c : MAIN) {
            for (JavaFieldAccess a : c.getFieldAccessesFromSelf()) {
                String reader = c.getName().replaceAll("\\$.*", ""); // an enum switch reads in a synthetic Foo$1
                if (!a.getTargetOwner().isEquivalentTo(Counter.class) || reader.equals(Counter.class.getName())) {
                    continue;
                }
                Counter counter = Stream.of(Counter.values()).filter(k -> k.name().equals(a.getTarget().getName()))
                        .findFirst().orElse(null);
                String kind = counter == null ? null : owner.get(counter);
                String where = c.getPackageName();
                if (kind != null && !where.equals(kind) && !where.startsWith(kind + ".")) {
                    found.add(reader + " " + counter);
                }
            }
        }
        assertEquals(new TreeSet<>(listed), found, "a kind's counters read outside its package: move a new reading"
                + " into the kind or list it here with its reason; drop a listed one that is gone");
        Set<Counter> shared = EnumSet.complementOf(EnumSet.copyOf(owner.keySet()));
        assertEquals(EnumSet.of(Counter.SENT, Counter.COMPLETED, Counter.BYTES_SENT, Counter.BYTES_RECEIVED,
                Counter.READ_WRITE_ERRORS), shared, "every counter is either shared by the kinds or one kind's");
    }

    /**
     * The API's native registrations name no kind's type: each kind registers its own records in its package (its
     * {@code *JsonTypes}), so adding a kind needs no line in {@code api}. Before issue 26 NativeJsonTypes named 17
     * types of http, udp.* and controller.
     */
    @Test
    void nativeJsonTypesNameNoKind() {
        check(noClasses().that().haveFullyQualifiedName(ROOT + ".api.NativeJsonTypes")
                .should().dependOnClassesThat().resideInAnyPackage(KINDS));
    }

    /**
     * The controller cuts a spread run through its kind ({@code RunKind#parts}, typed) and reads its rate the same
     * way; it never reads a spec's JSON by field name. Before issue 26 it read
     * {@code valueToTree(spec).path("rate")} and split the JSON by names.
     */
    @Test
    void controllerReadsNoSpecByJsonFieldNames() {
        check(noClasses().that().resideInAPackage(ROOT + ".controller..")
                .should().callMethod(JsonNode.class, "path", String.class)
                .orShould().callMethod(JsonNode.class, "get", String.class)
                .orShould().callMethod(JsonNode.class, "has", String.class)
                .because("a kind splits its own spec, typed; the controller only serialises a part to send it"));
    }

    /**
     * Only {@code run.RunKinds} collects kinds: no other constructor takes a list or an {@code Instance} of
     * {@code RunKind}s or of anything that answers for a kind by its name (a {@code String kind()}), so there is one
     * registry per kind and never a second map by name. Before issue 26 {@code run.Runs} took {@code @All
     * List<RunDriver>} (each with {@code kind()}) and mapped them by name beside {@code RunKinds}' definitions.
     */
    @Test
    void onlyTheKindRegistryCollectsKinds() {
        Set<String> collections = Set.of(List.class.getName(), java.util.Collection.class.getName(),
                Set.class.getName(), Iterable.class.getName(), "jakarta.enterprise.inject.Instance");
        List<String> collectors = new java.util.ArrayList<>();
        for (JavaClass c : MAIN) {
            if (c.getName().equals(ROOT + ".run.RunKinds")) {
                continue;
            }
            c.getConstructors().forEach(k -> k.getParameters().forEach(p -> {
                if (p.getType() instanceof com.tngtech.archunit.core.domain.JavaParameterizedType t
                        && collections.contains(t.toErasure().getName())
                        && t.getActualTypeArguments().stream().map(a -> a.toErasure()).anyMatch(ArchitectureTest::answersForAKind)) {
                    collectors.add(c.getName() + " takes " + t.getName());
                }
            }));
        }
        assertEquals(List.of(), collectors, "kinds are collected by run.RunKinds alone");
    }

    private static boolean answersForAKind(JavaClass type) {
        return type.isAssignableTo(RunKind.class) || type.getAllMethods().stream().anyMatch(m -> m.getName().equals("kind")
                && m.getRawParameterTypes().isEmpty() && m.getRawReturnType().isEquivalentTo(String.class)
                && !m.getOwner().isRecord() && (type.isInterface() || type.getModifiers()
                .contains(com.tngtech.archunit.core.domain.JavaModifier.ABSTRACT)));
    }

    /** The job registry names no kind of job: distributed runs plug in with a JobKind of their own. */
    @Test
    void jobRegistryNamesNoKindOfJob() {
        check(noClasses().that().resideInAPackage(ROOT + ".job..")
                .should().dependOnClassesThat().resideInAnyPackage(ROOT + ".run..", ROOT + ".experiment..",
                        ROOT + ".api..").orShould().dependOnClassesThat().resideInAnyPackage(KINDS));
    }

    /** The run contract names no transport: kinds depend on it, never the other way. */
    @Test
    void runContractNamesNoKind() {
        check(noClasses().that().resideInAPackage(ROOT + ".run..")
                .should().dependOnClassesThat().resideInAnyPackage(KINDS));
    }

    /** No package cycle: every arrow points down, so each package can be read, tested and changed from below. */
    @Test
    void packagesAreFreeOfCycles() {
        check(slices().matching(ROOT + ".(*)..").should().beFreeOfCycles());
    }

    /** Every package says what it is for and what it may depend on, where a newcomer opens it first. */
    @Test
    void everyPackageHasAPackageInfo() {
        List<String> missing = MAIN.stream().map(JavaClass::getPackageName).distinct()
                .filter(p -> MAIN.getPackage(p).tryGetPackageInfo().isEmpty()).sorted().toList();
        assertEquals(List.of(), missing, "packages without a package-info.java");
    }

    /**
     * A record that adds a derived {@code @JsonProperty} getter writes its fields in an order it states: a native image
     * listed iperf's {@code StreamFigures} getters in another order than the JVM (issue 28), the same keys in a
     * different order to anyone diffing reports.
     */
    @Test
    void derivedJsonFiguresAreWrittenInAStatedOrder() {
        List<String> unordered = MAIN.stream()
                .filter(c -> c.getMethods().stream().anyMatch(m -> m.isAnnotatedWith(JsonProperty.class)))
                .filter(c -> !c.isAnnotatedWith(JsonPropertyOrder.class))
                .map(JavaClass::getName).sorted().toList();
        assertEquals(List.of(), unordered, "derived @JsonProperty getters without @JsonPropertyOrder");
    }

    /**
     * The API holds REST resources, their filters and errors, not the composition of beans: the distributed producers
     * sat in {@code api} (issue 26) and now live in {@code wiring}. JAX-RS's own {@code @Produces} (media types) is
     * a different annotation and stays.
     */
    @Test
    void apiProducesNoBeans() {
        check(noMethods().that().areDeclaredInClassesThat().resideInAPackage(ROOT + ".api..")
                .should().beAnnotatedWith(jakarta.enterprise.inject.Produces.class)
                .because("beans are composed in wiring (or the package that owns them), never in the REST layer"));
        check(noFields().that().areDeclaredInClassesThat().resideInAPackage(ROOT + ".api..")
                .should().beAnnotatedWith(jakarta.enterprise.inject.Produces.class)
                .because("beans are composed in wiring (or the package that owns them), never in the REST layer"));
    }

    /**
     * Stricter than {@link #codeOutsideTheKindsUsesThemOnlyThroughTheContract}, which goes by names ({@code *Spec},
     * {@code *Report}): outside a kind's package, only its RunKind bean, the spec and report that bean is typed on and
     * the records and enums those hold (found by reflection, so a new kind is held unasked) are named. No exception is
     * needed today: experiment's CellSpecs builds HttpRunSpec and api's MixField/ProtocolsField read through the http
     * kind typed on it (RunKinds#named(kind, specType)), where before they cast its read spec to HttpRunSpec.
     */
    @Test
    void outsideAKindOnlyItsBeanItsSpecAndReportAndWhatTheyHoldAreNamed() {
        Set<String> contract = kindContracts();
        // the walk finds what it must and leaves out what it must: else the rule below could pass on nothing
        assertTrue(contract.containsAll(Set.of(ROOT + ".http.HttpKind", ROOT + ".http.HttpRunSpec",
                ROOT + ".http.HttpReport", ROOT + ".http.TlsSpec", ROOT + ".iperf.IperfReport")), contract::toString);
        assertTrue(Stream.of(ROOT + ".http.HttpRunDriver", ROOT + ".iperf.IperfSpecReader")
                .noneMatch(contract::contains), contract::toString);
        check(noClasses().that().resideOutsideOfPackages(KINDS).should().dependOnClassesThat(
                resideInAnyPackage(KINDS).and(DescribedPredicate.describe("outside the kind's contract",
                        (JavaClass c) -> !contract.contains(c.getName())))));
    }

    /**
     * Nothing outside a kind tests a value for one of its types: the registry picks the kind by name and the kind
     * casts its own records (RunKind's typed hooks); an instanceof elsewhere is a branch on the kind.
     */
    @Test
    void nothingOutsideAKindTestsForItsTypes() {
        List<String> found = MAIN.stream().filter(c -> Stream.of(KINDS).noneMatch(k -> c.getPackageName().equals(k)
                        || c.getPackageName().startsWith(k + ".")))
                .flatMap(c -> c.getCodeUnits().stream()).flatMap(u -> u.getInstanceofChecks().stream())
                .filter(i -> resideInAnyPackage(KINDS).test(i.getRawType()))
                .map(i -> i.getOwner().getFullName() + " instanceof " + i.getRawType().getName()).toList();
        assertEquals(List.of(), found);
        // the import sees instanceof at all (the kinds' own code has some): else the check above could pass on nothing
        assertTrue(MAIN.stream().flatMap(c -> c.getCodeUnits().stream())
                .anyMatch(u -> !u.getInstanceofChecks().isEmpty()), "no instanceof seen in main");
    }

    /** Per kind: its RunKind bean, the spec and report it is typed on, the records and enums they hold. */
    private static Set<String> kindContracts() {
        Set<String> contract = new TreeSet<>();
        for (JavaClass c : MAIN) {
            if (c.isAssignableTo(RunKind.class) && !c.isEquivalentTo(RunKind.class)) {
                contract.add(c.getName());
                for (Type t = c.reflect().getGenericSuperclass(); t != null && t != Object.class;
                     t = t instanceof ParameterizedType p ? ((Class<?>) p.getRawType()).getGenericSuperclass()
                             : ((Class<?>) t).getGenericSuperclass()) {
                    if (t instanceof ParameterizedType p) {
                        Stream.of(p.getActualTypeArguments()).forEach(a -> held(a, contract));
                    }
                }
            }
        }
        return contract;
    }

    /** {@code type}, and the records and enums it holds inside the kinds, recursively. */
    private static void held(Type type, Set<String> out) {
        if (type instanceof ParameterizedType p) {
            held(p.getRawType(), p.getActualTypeArguments(), out);
        } else if (type instanceof Class<?> c) {
            held(c, new Type[0], out);
        }
    }

    private static void held(Type raw, Type[] arguments, Set<String> out) {
        Stream.of(arguments).forEach(a -> held(a, out));
        Class<?> c = (Class<?>) raw;
        if (c.isArray()) {
            held(c.getComponentType(), out);
        } else if (Stream.of(KINDS).anyMatch(k -> c.getPackageName().equals(k)) && out.add(c.getName()) && c.isRecord()) {
            Stream.of(c.getRecordComponents()).forEach(rc -> held(rc.getGenericType(), out));
        }
    }

    /** A production class is never named like a test: iperf's client session was {@code iperf/ClientTest} (issue 26). */
    @Test
    void noMainClassIsNamedLikeATest() {
        check(noClasses().should().haveSimpleNameEndingWith("Test").orShould().haveSimpleNameEndingWith("IT")
                .because("surefire and failsafe pick classes by these suffixes, and a reader takes them for tests"));
    }

    private static void check(ArchRule rule) {
        rule.check(MAIN);
    }
}
