package io.eragate.core.reload;

import io.eragate.core.config.GatewayConfig;
import io.eragate.core.config.UpstreamConfig;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
/**
 * What a reload would change. Upstreams, routes, {@code security}, {@code shutdown}, the per-connection and
 * per-request limits and the identity sections ({@code auth}, {@code policies}, {@code rateLimits}) change while
 * running; every other key (listeners, connection count, pools, bridge, eras and every section this class does not
 * know) is fixed at start, and a new configuration that changes one of them is refused as a whole, so that a reload
 * never applies half of a file.
 *
 * @param added upstreams only the new configuration has
 * @param removed upstreams only the running configuration has: they drain and stop
 * @param changed upstreams of both whose settings differ: the running one drains and stops, a new one starts
 * @param unchanged upstreams of both with equal settings: they keep their pools, sessions and processes
 * @param routesChanged whether the route list differs
 * @param securityChanged whether the Origin/Host policy differs
 * @param limitsChanged whether a per-request limit differs
 * @param shutdownChanged whether the drain timings ({@code shutdown}) differ
 * @param restartOnly the keys that differ but change only on restart, such as {@code listen.port}
 * @param identityChanged whether {@code auth}, {@code policies} or {@code rateLimits} differ
 */
public record ConfigDiff(Set<String> added, Set<String> removed, Set<String> changed, Set<String> unchanged,
        boolean routesChanged, boolean securityChanged, boolean limitsChanged, boolean shutdownChanged,
        List<String> restartOnly, boolean identityChanged) {

    /**
     * Sections applied while running; {@code limits} only for {@link #HOT_LIMITS}. {@code shutdown} is read when
     * the drain starts.
     */
    private static final Set<String> HOT_SECTIONS = Set.of("upstreams", "routes", "security", "limits", "shutdown");
    /** The identity sections: a change builds a new authenticator, policy and rate limiter, swapped atomically. */
    private static final Set<String> IDENTITY_SECTIONS = Set.of("auth", "policies", "rateLimits");
    /**
     * Limits read when a connection opens or a request starts; the others size the listener, its connection count
     * and the upstream pools, made once at start.
     */
    private static final Set<String> HOT_LIMITS = Set.of("maxBodyBytes", "maxInitialLineBytes", "maxHeaderBytes",
            "requestHeaderTimeout", "upstreamResponseTimeout", "upstreamIdleTimeout", "upstreamTotalTimeout");

    public ConfigDiff {
        added = Set.copyOf(added);
        removed = Set.copyOf(removed);
        changed = Set.copyOf(changed);
        unchanged = Set.copyOf(unchanged);
        restartOnly = List.copyOf(restartOnly);
    }

    /** The difference from {@code running} to {@code next}. */
    public static ConfigDiff between(GatewayConfig running, GatewayConfig next) {
        Objects.requireNonNull(running, "running");
        Objects.requireNonNull(next, "next");
        Map<String, UpstreamConfig> before = byName(running.upstreams());
        Map<String, UpstreamConfig> after = byName(next.upstreams());
        Set<String> added = new LinkedHashSet<>();
        Set<String> removed = new LinkedHashSet<>();
        Set<String> changed = new LinkedHashSet<>();
        Set<String> unchanged = new LinkedHashSet<>();
        for (Map.Entry<String, UpstreamConfig> upstream : after.entrySet()) {
            UpstreamConfig old = before.get(upstream.getKey());
            if (old == null) {
                added.add(upstream.getKey());
            } else if (old.equals(upstream.getValue())) {
                unchanged.add(upstream.getKey());
            } else {
                changed.add(upstream.getKey());
            }
        }
        for (String name : before.keySet()) {
            if (!after.containsKey(name)) {
                removed.add(name);
            }
        }
        List<String> restartOnly = new ArrayList<>();
        boolean limitsChanged = false;
        boolean identityChanged = false;
        for (RecordComponent section : GatewayConfig.class.getRecordComponents()) {
            Object old = valueOf(section, running);
            Object now = valueOf(section, next);
            if (Objects.equals(old, now) || section.getName().equals("upstreams")) {
                continue;
            }
            List<String> keys = differingKeys(section.getName(), old, now);
            if (section.getName().equals("limits")) {
                for (String key : keys) {
                    if (HOT_LIMITS.contains(key.substring("limits.".length()))) {
                        limitsChanged = true;
                    } else {
                        restartOnly.add(key);
                    }
                }
            } else if (IDENTITY_SECTIONS.contains(section.getName())) {
                identityChanged = true;
            } else if (!HOT_SECTIONS.contains(section.getName())) {
                restartOnly.addAll(keys);
            }
        }
        return new ConfigDiff(added, removed, changed, unchanged, !running.routes().equals(next.routes()),
                !running.security().equals(next.security()), limitsChanged,
                !running.shutdown().equals(next.shutdown()), restartOnly, identityChanged);
    }

    /** Whether the new configuration changes nothing at all. */
    public boolean isEmpty() {
        return added.isEmpty() && removed.isEmpty() && changed.isEmpty() && !routesChanged && !securityChanged
                && !limitsChanged && !shutdownChanged && restartOnly.isEmpty() && !identityChanged;
    }

    /** Whether the new configuration can be applied while running. */
    public boolean applicable() {
        return restartOnly.isEmpty();
    }

    /** The problems that refuse this reload, one per key that changes only on restart. */
    public List<String> refusals() {
        return restartOnly.stream()
                .map(key -> key + ": changes only on restart; the running configuration stays")
                .toList();
    }

    /** One line for the log and the admin report, such as {@code upstreams +a -b ~c; routes}. */
    public String summary() {
        List<String> parts = new ArrayList<>();
        if (!added.isEmpty() || !removed.isEmpty() || !changed.isEmpty()) {
            StringBuilder upstreams = new StringBuilder("upstreams");
            added.stream().sorted().forEach(name -> upstreams.append(" +").append(name));
            removed.stream().sorted().forEach(name -> upstreams.append(" -").append(name));
            changed.stream().sorted().forEach(name -> upstreams.append(" ~").append(name));
            parts.add(upstreams.toString());
        }
        if (routesChanged) {
            parts.add("routes");
        }
        if (securityChanged) {
            parts.add("security");
        }
        if (limitsChanged) {
            parts.add("limits");
        }
        if (shutdownChanged) {
            parts.add("shutdown");
        }
        if (identityChanged) {
            parts.add("identity");
        }
        return parts.isEmpty() ? "no change" : String.join("; ", parts);
    }

    private static Map<String, UpstreamConfig> byName(List<UpstreamConfig> upstreams) {
        Map<String, UpstreamConfig> byName = new LinkedHashMap<>();
        upstreams.forEach(upstream -> byName.put(upstream.name(), upstream));
        return byName;
    }

    /** The keys under {@code path} that differ: one level into a record section, else the section itself. */
    private static List<String> differingKeys(String path, Object old, Object now) {
        if (old == null || now == null || !old.getClass().isRecord() || old.getClass() != now.getClass()) {
            return List.of(path);
        }
        List<String> keys = new ArrayList<>();
        for (RecordComponent component : old.getClass().getRecordComponents()) {
            if (!Objects.equals(valueOf(component, old), valueOf(component, now))) {
                keys.add(path + "." + component.getName());
            }
        }
        return keys.isEmpty() ? List.of(path) : keys;
    }

    private static Object valueOf(RecordComponent component, Object record) {
        try {
            return component.getAccessor().invoke(record);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read " + component.getName() + " of a configuration record", e);
        }
    }
}
