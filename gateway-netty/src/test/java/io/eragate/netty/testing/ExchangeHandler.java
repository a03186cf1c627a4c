package io.eragate.netty.testing;

/** What a fixture does with one received HTTP request; called on the connection's event loop. */
@FunctionalInterface
interface ExchangeHandler {
    void handle(FixtureExchange exchange);
}
