package io.jslurm.it;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One cluster per test class: started before its first test, stopped after its last (and by the cluster's
 * shutdown hook if the JVM ends first). Register as {@code @RegisterExtension static final ClusterExtension}.
 */
public final class ClusterExtension implements BeforeAllCallback, AfterAllCallback {

    private final Cluster.Shape shape;
    private Cluster cluster;

    public ClusterExtension(Cluster.Shape shape) {
        this.shape = shape;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        cluster = Cluster.start(context.getRequiredTestClass(), shape);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (cluster != null) {
            cluster.close();
        }
    }

    public Cluster get() {
        if (cluster == null) {
            throw new IllegalStateException("the cluster has not started");
        }
        return cluster;
    }
}
