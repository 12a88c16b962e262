package io.loadlab.k8s;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;

import java.util.Map;

/** Anything that runs pods (a Deployment or a StatefulSet), read through its pod template. */
record Workload(HasMetadata object, PodTemplateSpec template) {

    static Workload of(HasMetadata o) {
        if (o instanceof Deployment d) {
            return new Workload(d, d.getSpec().getTemplate());
        }
        if (o instanceof StatefulSet s) {
            return new Workload(s, s.getSpec().getTemplate());
        }
        return null;
    }

    String name() {
        return object.getMetadata().getName();
    }

    String namespace() {
        return object.getMetadata().getNamespace();
    }

    PodSpec spec() {
        return template.getSpec();
    }

    Map<String, String> labels() {
        return template.getMetadata().getLabels();
    }

    Map<String, String> annotations() {
        return template.getMetadata().getAnnotations();
    }
}
