package io.loadlab.nativeguards;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SimpleVerifier;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Finds, in compiled classes, every type handed to Jackson other than through a REST resource method's signature:
 * entities of {@code Response}/{@code RestResponse} builders (exception mappers, resources returning
 * {@code Response}), values given to {@code ObjectMapper}/{@code ObjectWriter}/{@code JsonGenerator} writers, and
 * classes given to their readers. The type is the argument's static type at the call, from ASM's verifier. Where
 * that is only {@code Object} or {@code Class} (a generic store's {@code write(T)}, a {@code Class<T>} kept in a
 * field), the value is followed back to the method parameter or field it came from, and that parameter or field is
 * followed to every caller or store in the given classes, until a concrete type or a class literal is found.
 * A value that cannot be followed is reported with a {@code null} type rather than dropped.
 */
public final class JacksonSinks {

    private static final String OBJECT = "java/lang/Object";
    private static final String CLASS = "java/lang/Class";
    private static final Set<String> ENTITY_OWNERS = Set.of("jakarta/ws/rs/core/Response",
            "jakarta/ws/rs/core/Response$ResponseBuilder", "org/jboss/resteasy/reactive/RestResponse",
            "org/jboss/resteasy/reactive/RestResponse$ResponseBuilder", "jakarta/ws/rs/sse/OutboundSseEvent$Builder",
            "io/vertx/core/json/Json", "io/vertx/core/json/JsonObject", "io/vertx/core/json/jackson/DatabindCodec");
    private static final Set<String> MAPPER_OWNERS = Set.of("com/fasterxml/jackson/databind/ObjectMapper",
            "com/fasterxml/jackson/databind/ObjectWriter", "com/fasterxml/jackson/databind/ObjectReader",
            "com/fasterxml/jackson/core/JsonGenerator");
    private static final Set<String> MAPPER_METHODS = Set.of("writeValue", "writeValueAsString", "writeValueAsBytes",
            "writeValues", "writeObject", "writePOJO", "valueToTree", "convertValue", "readValue", "readValues",
            "readerFor", "writerFor", "treeToValue", "forType");

    private final ClassLoader loader;
    private final Map<String, ClassNode> classes = new HashMap<>();
    private final Map<MethodNode, Frame<BasicValue>[]> types = new HashMap<>();
    private final Map<MethodNode, Frame<SourceValue>[]> sources = new HashMap<>();
    /** Derived sinks: "owner.name desc#param" for parameters, "owner.field" for fields; value: how it was reached. */
    private final Map<String, String> derived = new HashMap<>();

    private JacksonSinks(ClassLoader loader) {
        this.loader = loader;
    }

    /**
     * @param classNames binary names of the classes to scan (a service's main classes)
     * @param loader     loads them and what they refer to
     */
    public static List<HandedToJackson> find(Collection<String> classNames, ClassLoader loader) {
        JacksonSinks s = new JacksonSinks(loader);
        for (String name : classNames) {
            String internal = name.replace('.', '/');
            s.classes.put(internal, s.read(internal));
        }
        return s.scan();
    }

    private ClassNode read(String internal) {
        try (InputStream in = loader.getResourceAsStream(internal + ".class")) {
            if (in == null) {
                throw new IllegalArgumentException("no class file for " + internal);
            }
            ClassNode node = new ClassNode();
            new ClassReader(in).accept(node, 0);
            return node;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private List<HandedToJackson> scan() {
        Set<HandedToJackson> found = new LinkedHashSet<>();
        int before;
        do {
            before = derived.size();
            for (ClassNode c : classes.values()) {
                for (MethodNode m : c.methods) {
                    scanMethod(c, m, found);
                }
            }
        } while (derived.size() != before);
        for (Map.Entry<String, String> d : derived.entrySet()) {
            if (d.getKey().contains("#") && !called(d.getKey())) {
                found.add(new HandedToJackson(null, d.getValue() + " <- no caller in these classes passes it"));
            }
        }
        return new ArrayList<>(found);
    }

    private void scanMethod(ClassNode c, MethodNode m, Set<HandedToJackson> found) {
        for (AbstractInsnNode insn : m.instructions) {
            if (insn instanceof MethodInsnNode call) {
                Type[] args = Type.getArgumentTypes(call.desc);
                for (int i = 0; i < args.length; i++) {
                    String via = sinkArgument(call, args[i], i);
                    if (via != null) {
                        int depth = args.length - 1 - i;
                        follow(c, m, insn, depth, site(c, m, insn) + " " + via, found);
                    }
                }
            } else if (insn instanceof FieldInsnNode f && (f.getOpcode() == Opcodes.PUTFIELD
                    || f.getOpcode() == Opcodes.PUTSTATIC) && derived.containsKey(f.owner + "." + f.name)) {
                follow(c, m, insn, 0, site(c, m, insn) + " stores " + derived.get(f.owner + "." + f.name), found);
            }
        }
    }

    /** Why argument {@code i} of {@code call} reaches Jackson, or null if it does not. */
    private String sinkArgument(MethodInsnNode call, Type arg, int i) {
        String name = arg.getInternalName();
        boolean object = arg.getSort() == Type.OBJECT && (name.equals(OBJECT) || name.equals(CLASS));
        if (object && (ENTITY_OWNERS.contains(call.owner)
                || MAPPER_OWNERS.contains(call.owner) && MAPPER_METHODS.contains(call.name))) {
            return "-> " + call.owner.replace('/', '.') + "." + call.name;
        }
        String key = call.owner + "." + call.name + call.desc + "#" + i;
        return derived.containsKey(key) ? "-> " + derived.get(key) : null;
    }

    /** Follows the value {@code depth} slots below the top of the stack before {@code insn} to its type. */
    private void follow(ClassNode c, MethodNode m, AbstractInsnNode insn, int depth, String site,
                        Set<HandedToJackson> found) {
        int index = m.instructions.indexOf(insn);
        Frame<BasicValue>[] typeFrames;
        Frame<SourceValue>[] sourceFrames;
        try {
            typeFrames = types.computeIfAbsent(m, k -> analyse(c, k, new SimpleVerifier(Opcodes.ASM9,
                    Type.getObjectType(c.name), Type.getObjectType(c.superName), c.interfaces.stream()
                    .map(Type::getObjectType).toList(), (c.access & Opcodes.ACC_INTERFACE) != 0) {
                {
                    setClassLoader(loader);
                }
            }));
            sourceFrames = sources.computeIfAbsent(m, k -> analyse(c, k, new SourceInterpreter()));
        } catch (IllegalStateException e) {
            found.add(new HandedToJackson(null, site + " <- " + e.getMessage()));
            return;
        }
        Frame<BasicValue> tf = typeFrames[index];
        if (tf == null) {
            return; // unreachable code
        }
        Type type = tf.getStack(tf.getStackSize() - 1 - depth).getType();
        if (type == null || type.getSort() == Type.OBJECT && !type.getInternalName().equals(OBJECT)
                && !type.getInternalName().equals(CLASS) || type.getSort() == Type.ARRAY) {
            Type element = type == null ? null : type.getSort() == Type.ARRAY ? type.getElementType() : type;
            if (element != null && element.getSort() == Type.OBJECT) {
                found.add(new HandedToJackson(element.getClassName(), site));
            }
            return;
        }
        Frame<SourceValue> sf = sourceFrames[index];
        for (AbstractInsnNode origin : sf.getStack(sf.getStackSize() - 1 - depth).insns) {
            traceOrigin(c, m, origin, site, found);
        }
    }

    private void traceOrigin(ClassNode c, MethodNode m, AbstractInsnNode origin, String site,
                             Set<HandedToJackson> found) {
        if (origin instanceof LdcInsnNode ldc && ldc.cst instanceof Type t) {
            found.add(new HandedToJackson(t.getClassName(), site));
        } else if (origin instanceof VarInsnNode v && v.getOpcode() == Opcodes.ALOAD && parameter(m, v.var) >= 0) {
            derived.putIfAbsent(c.name + "." + m.name + m.desc + "#" + parameter(m, v.var),
                    site + " <- parameter of " + c.name.replace('/', '.') + "." + m.name);
        } else if (origin instanceof FieldInsnNode f && (f.getOpcode() == Opcodes.GETFIELD
                || f.getOpcode() == Opcodes.GETSTATIC)) {
            derived.putIfAbsent(f.owner + "." + f.name, site + " <- field " + f.owner.replace('/', '.') + "." + f.name);
        } else if (origin instanceof MethodInsnNode call && call.owner.equals(CLASS) && call.name.equals("getClass")) {
            found.add(new HandedToJackson(null, site + " <- getClass(): the type depends on the value"));
        } else {
            found.add(new HandedToJackson(null, site + " <- only Object is known here (opcode " + origin.getOpcode()
                    + "): give the value its type before it reaches Jackson"));
        }
    }

    /** The parameter index held in local {@code slot} at entry, or -1 when the slot is not a parameter. */
    private static int parameter(MethodNode m, int slot) {
        int next = (m.access & Opcodes.ACC_STATIC) != 0 ? 0 : 1;
        Type[] args = Type.getArgumentTypes(m.desc);
        for (int i = 0; i < args.length; i++) {
            if (next == slot) {
                return i;
            }
            next += args[i].getSize();
        }
        return -1;
    }

    private boolean called(String key) {
        String method = key.substring(0, key.indexOf('#'));
        for (ClassNode c : classes.values()) {
            for (MethodNode m : c.methods) {
                for (AbstractInsnNode insn : m.instructions) {
                    if (insn instanceof MethodInsnNode call && method.equals(call.owner + "." + call.name + call.desc)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static <V extends org.objectweb.asm.tree.analysis.Value> Frame<V>[] analyse(
            ClassNode c, MethodNode m, org.objectweb.asm.tree.analysis.Interpreter<V> interpreter) {
        try {
            return new Analyzer<>(interpreter).analyze(c.name, m);
        } catch (AnalyzerException e) {
            throw new IllegalStateException("cannot analyse " + c.name + "." + m.name + ": " + e.getMessage(), e);
        }
    }

    private static String site(ClassNode c, MethodNode m, AbstractInsnNode insn) {
        int line = -1;
        for (AbstractInsnNode i = insn; i != null; i = i.getPrevious()) {
            if (i instanceof LineNumberNode n) {
                line = n.line;
                break;
            }
        }
        return c.name.replace('/', '.') + "." + m.name + " (" + c.sourceFile + ":" + line + ")";
    }
}
