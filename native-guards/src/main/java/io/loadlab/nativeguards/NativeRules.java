package io.loadlab.nativeguards;

import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;

import java.util.List;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;

/** Architecture rules for code that must also build as a native image. */
public final class NativeRules {

    /**
     * Types that own threads, sockets or file descriptors, or that GraalVM initialises at image run time. Quarkus
     * initialises application classes at build time, so one of these in a {@code static} field ends up in the image
     * heap: the loadgen's native build failed on a {@code static final HttpClient}. Subtypes count.
     */
    public static final List<String> RUNTIME_ONLY_TYPES = List.of(
            "java.net.http.HttpClient",
            "java.util.concurrent.Executor",
            "java.lang.Thread",
            "java.lang.ThreadGroup",
            "java.util.Timer",
            "java.lang.ref.Cleaner",
            "java.lang.Process",
            "java.util.Random",
            "java.util.SplittableRandom",
            "java.util.random.RandomGenerator",
            "java.nio.channels.Channel",
            "java.nio.channels.Selector",
            "java.nio.channels.spi.SelectorProvider",
            "java.net.Socket",
            "java.net.ServerSocket",
            "java.net.DatagramSocket",
            "io.netty.channel.Channel",
            "io.netty.util.concurrent.EventExecutorGroup",
            "io.vertx.core.Vertx",
            "io.vertx.core.http.HttpClient",
            "io.vertx.core.net.NetClient",
            "io.vertx.core.datagram.DatagramSocket",
            "io.vertx.ext.web.client.WebClient",
            // TLS: a context holds a SecureRandom and key material made for the machine it runs on (issue 24)
            "javax.net.ssl.SSLContext",
            "javax.net.ssl.SSLEngine",
            "io.netty.handler.ssl.SslContext",
            // buffers: Vert.x's heap ByteBuf is initialised at run time; a static Buffer.buffer(0) failed the target's
            // native build (issue 42)
            "io.vertx.core.buffer.Buffer",
            "io.netty.buffer.ByteBuf");

    /** No {@code static} field's type (nor any type argument of it) is, or extends, one of {@link #RUNTIME_ONLY_TYPES}. */
    public static final ArchRule NO_STATIC_RUNTIME_ONLY_STATE = fields().that().areStatic()
            .should(new ArchCondition<JavaField>("not hold a type that owns threads or sockets or is initialised at"
                    + " image run time (" + String.join(", ", RUNTIME_ONLY_TYPES) + "): inject a shared bean instead") {
                @Override
                public void check(JavaField field, ConditionEvents events) {
                    for (JavaClass involved : field.getType().getAllInvolvedRawTypes()) {
                        for (String forbidden : RUNTIME_ONLY_TYPES) {
                            if (involved.isAssignableTo(forbidden)) {
                                events.add(SimpleConditionEvent.violated(field, field.getFullName() + " holds "
                                        + involved.getName() + ", a " + forbidden + " (" + field.getSourceCodeLocation() + ")"));
                            }
                        }
                    }
                }
            }).allowEmptyShould(true);

    /**
     * Packages whose classes load Netty's JNI library as they initialise, so Quarkus initialises them at image run
     * time: a class initialised at build time that reads one of them in its static initializer fails the native build
     * (the loadgen's short-connection slot first kept its epoll bits in {@code static final} fields).
     */
    public static final List<String> RUNTIME_INITIALISED_PACKAGES = List.of("io.netty.channel.epoll", "io.netty.channel.unix");

    /** No static initializer uses a class of {@link #RUNTIME_INITIALISED_PACKAGES}: read such values per instance. */
    public static final ArchRule NO_NATIVE_LIBRARY_AT_CLASS_INIT = classes()
            .should(new ArchCondition<JavaClass>("not use " + String.join(", ", RUNTIME_INITIALISED_PACKAGES)
                    + " in a static initializer: Quarkus initialises application classes at build time") {
                @Override
                public void check(JavaClass clazz, ConditionEvents events) {
                    clazz.getStaticInitializer().ifPresent(init -> {
                        for (JavaAccess<?> access : init.getAccessesFromSelf()) {
                            if (RUNTIME_INITIALISED_PACKAGES.contains(access.getTargetOwner().getPackageName())) {
                                events.add(SimpleConditionEvent.violated(clazz, clazz.getName() + "'s static initializer uses "
                                        + access.getTarget().getFullName() + " (" + access.getSourceCodeLocation() + ")"));
                            }
                        }
                    });
                }
            }).allowEmptyShould(true);

    private NativeRules() {
    }
}
