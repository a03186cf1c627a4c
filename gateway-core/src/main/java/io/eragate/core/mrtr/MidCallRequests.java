package io.eragate.core.mrtr;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.eragate.core.jsonrpc.JsonRpcRequest;
import io.eragate.core.mcp.Methods;
import java.util.Collection;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What a bridged call does with a request its legacy upstream sends mid-call, and how a round of such requests ends.
 * {@code ping} is answered at once; an elicitation, sampling or roots request that the client declared the
 * capability for, in a request that may return {@code input_required}, joins the round being gathered (or is
 * answered from what the client sent along); anything else is answered upstream as a client without the capability
 * would.
 */
public final class MidCallRequests {
    private static final Set<String> INPUT_METHODS = Set.of(Methods.ELICITATION_CREATE,
            Methods.SAMPLING_CREATE_MESSAGE, Methods.ROOTS_LIST);

    private MidCallRequests() {
    }

    /**
     * Decides for one upstream request.
     *
     * @param asked the upstream's request
     * @param clientMethod the method of the client request the call serves
     * @param clientParams that request's params (its {@code _meta} declares the client's capabilities), or null
     * @param presupplied answers the first request brought along, by input key, or null
     * @param round the rounds the call has had so far
     * @param failUndeclared whether a request for a capability the client did not declare fails the call (-32021)
     *     rather than being declined upstream
     * @param limits the bound on rounds
     */
    public static Decision decide(JsonRpcRequest asked, String clientMethod, ObjectNode clientParams,
            ObjectNode presupplied, int round, boolean failUndeclared, RoundLimits limits) {
        String method = asked.method();
        if (Methods.PING.equals(method)) {
            return new Decision.Answer(new UpstreamAnswer(JsonNodeFactory.instance.objectNode(), null), null);
        }
        if (!INPUT_METHODS.contains(method) || !Methods.MAY_REQUIRE_INPUT.contains(clientMethod)) {
            return new Decision.Answer(UpstreamAnswer.decline(method), null);
        }
        Optional<String> key = InputRequests.hintedKey(asked);
        if (presupplied != null && round == 0 && key.isPresent()
                && presupplied.get(key.get()) instanceof ObjectNode answer) {
            return new Decision.FromPresupplied(key.get(), answer);
        }
        CapabilityCheck.Decision capability = CapabilityCheck.of(clientParams).check(method, asked.params());
        if (capability instanceof CapabilityCheck.Decision.Decline decline) {
            if (failUndeclared && decline.requiredCapabilities() != null) {
                return new Decision.Lacking(decline.requiredCapabilities());
            }
            return new Decision.Answer(decline.answer(), decline.reason());
        }
        Optional<String> tooMany = limits.checkRound(round + 1);
        if (tooMany.isPresent()) {
            return new Decision.Answer(UpstreamAnswer.decline(method), tooMany.get());
        }
        return Decision.GATHER;
    }

    /**
     * How a round ends for the requests that needed capabilities the client did not declare: they are declined
     * upstream either way; when the round gathered nothing the client can give, the server cannot get anywhere and
     * the call fails with -32021 naming everything it needed.
     *
     * @param lacking what each such request needed
     * @param gatheredNothing whether the round gathered no request for the client
     * @return the capabilities to fail the call with; empty when the call goes on
     */
    public static Optional<ObjectNode> failureForLacking(Collection<ObjectNode> lacking, boolean gatheredNothing) {
        if (lacking.isEmpty() || !gatheredNothing) {
            return Optional.empty();
        }
        ObjectNode required = JsonNodeFactory.instance.objectNode();
        lacking.forEach(more -> CapabilityCheck.merge(required, more));
        return Optional.of(required);
    }

    /** What to do with one upstream request. */
    public sealed interface Decision permits Decision.Answer, Decision.FromPresupplied, Decision.Lacking,
            Decision.Gather {

        /** The shared {@link Gather}. */
        Gather GATHER = new Gather();

        /**
         * Answer upstream at once.
         *
         * @param answer what to send
         * @param reason why the request was declined, for logs; null for a plain answer
         */
        record Answer(UpstreamAnswer answer, String reason) implements Decision {
            public Answer {
                Objects.requireNonNull(answer, "answer");
            }
        }

        /**
         * Answer with what the client sent along under {@code key}; each such answer is used once.
         *
         * @param key the input key the upstream named
         * @param answer the client's answer
         */
        record FromPresupplied(String key, ObjectNode answer) implements Decision {
        }

        /**
         * The client did not declare a capability the request needs; settled when the round ends.
         *
         * @param requiredCapabilities what the client would have had to declare
         */
        record Lacking(ObjectNode requiredCapabilities) implements Decision {
        }

        /** The request joins the round being gathered for the client. */
        record Gather() implements Decision {
        }
    }
}
