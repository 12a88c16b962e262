/**
 * Guards, runnable in {@code mvn verify} without GraalVM, for the two kinds of defect a real native build of the
 * loadgen found (issue 17): a {@code static} field holding an object native images initialise at run time (a
 * {@code java.net.http.HttpClient} in the image heap failed the build), and types handed to Jackson outside a
 * REST resource method's signature that nobody registered for reflection (every native error body was
 * {@code {}}).
 *
 * <p>{@link io.loadlab.nativeguards.NativeRules} holds the ArchUnit rule; {@link io.loadlab.nativeguards.JacksonSinks}
 * finds, from the bytecode, every type the code hands to Jackson outside signatures;
 * {@link io.loadlab.nativeguards.ReflectionRegistrations} says which of them (and what they contain) are not
 * registered. {@link io.loadlab.nativeguards.TemplateTyping} reads a Qute template's text for names no parameter
 * declaration types (issue 28: an untyped run page answered 500 in native, found by reflection on the JVM).
 * {@link io.loadlab.nativeguards.CaffeineCaches} reads off a built Caffeine cache the generated classes a native image
 * must have registered (issue 48: the native target answered every request with a 500). Each
 * service calls them from one test over its own classes and templates.
 *
 * <p>May depend on ArchUnit and ASM only: it reads the services' classes (and Caffeine's objects, by reflection), it
 * does not link against them.
 */
package io.loadlab.nativeguards;
