package io.eragate.bench.load;

import com.sun.tools.attach.VirtualMachine;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.OptionalLong;
import javax.management.MBeanServerConnection;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The bytes a hop JVM has allocated on the heap so far, summed over its live threads
 * ({@code com.sun.management.ThreadMXBean#getTotalThreadAllocatedBytes}), read through the JVM's local management
 * agent, which the attach API starts on demand: the hop runs with no extra flag. The difference between two readings
 * divided by the answers in between is the allocation per request. Event-loop threads live as long as the JVM, so no
 * thread's count is lost between two readings. Every failure is logged once and reads as empty.
 */
final class AllocationProbe implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(AllocationProbe.class);

    private final long pid;
    private JMXConnector connector;
    private com.sun.management.ThreadMXBean threads;
    private boolean failed;

    AllocationProbe(long pid) {
        this.pid = pid;
    }

    /** Allocated bytes of the JVM so far, or empty when they cannot be read. */
    synchronized OptionalLong allocatedBytes() {
        if (failed) {
            return OptionalLong.empty();
        }
        try {
            if (threads == null) {
                connect();
            }
            return OptionalLong.of(threads.getTotalThreadAllocatedBytes());
        } catch (IOException | RuntimeException e) {
            failed = true;
            log.warn("cannot read the allocated bytes of JVM {}: {}", pid, e.toString());
            return OptionalLong.empty();
        }
    }

    private void connect() throws IOException {
        String address;
        try {
            VirtualMachine vm = VirtualMachine.attach(Long.toString(pid));
            try {
                address = vm.startLocalManagementAgent();
            } finally {
                vm.detach();
            }
        } catch (com.sun.tools.attach.AttachNotSupportedException e) {
            throw new IOException("cannot attach: " + e.getMessage(), e);
        }
        connector = JMXConnectorFactory.connect(new JMXServiceURL(address));
        MBeanServerConnection server = connector.getMBeanServerConnection();
        threads = ManagementFactory.newPlatformMXBeanProxy(server, ManagementFactory.THREAD_MXBEAN_NAME,
                com.sun.management.ThreadMXBean.class);
        if (!threads.isThreadAllocatedMemoryEnabled()) {
            threads.setThreadAllocatedMemoryEnabled(true);
        }
    }

    @Override
    public synchronized void close() {
        if (connector != null) {
            try {
                connector.close();
            } catch (IOException e) {
                log.debug("closing the JMX connection to {}: {}", pid, e.toString());
            }
        }
    }
}
