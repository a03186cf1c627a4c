package io.eragate.core.listen;

import static io.eragate.core.listen.TestJson.node;
import static io.eragate.core.listen.TestJson.obj;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SubscriptionFilterTest {

    private static final int MAX_URIS = 3;

    @Test
    void parsesEveryField() {
        SubscriptionFilter.Parsed parsed = SubscriptionFilter.parse(obj("{'_meta':{},'notifications':{"
                + "'toolsListChanged':true,'promptsListChanged':false,'resourcesListChanged':true,"
                + "'resourceSubscriptions':['file:///a','file:///b','file:///a'],'futureField':1}}"), MAX_URIS);

        assertThat(parsed).isEqualTo(new SubscriptionFilter.Parsed.Ok(
                new SubscriptionFilter(true, false, true, List.of("file:///a", "file:///b"))));
    }

    @Test
    void missingFieldsMeanNotSubscribed() {
        assertThat(SubscriptionFilter.parse(obj("{'notifications':{}}"), MAX_URIS))
                .isEqualTo(new SubscriptionFilter.Parsed.Ok(SubscriptionFilter.NONE));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "{}                                                       | params.notifications is required",
        "{'notifications':null}                                   | params.notifications is required",
        "{'notifications':[]}                                     | params.notifications is required",
        "{'notifications':{'toolsListChanged':'true'}}            | toolsListChanged must be a boolean",
        "{'notifications':{'promptsListChanged':1}}               | promptsListChanged must be a boolean",
        "{'notifications':{'resourcesListChanged':null}}          | resourcesListChanged must be a boolean",
        "{'notifications':{'resourceSubscriptions':'file:///a'}}  | must be an array",
        "{'notifications':{'resourceSubscriptions':[1]}}          | only non-empty strings",
        "{'notifications':{'resourceSubscriptions':['']}}         | only non-empty strings",
        "{'notifications':{'resourceSubscriptions':['a','b','c','d']}} | the limit is 3",
    })
    void refusesWrongTypes(String params, String reason) {
        assertThat(SubscriptionFilter.parse(obj(params), MAX_URIS)).isInstanceOfSatisfying(
                SubscriptionFilter.Parsed.Invalid.class, invalid -> assertThat(invalid.reason()).contains(reason));
    }

    @Test
    void refusesAbsentParams() {
        assertThat(SubscriptionFilter.parse(null, MAX_URIS)).isInstanceOf(SubscriptionFilter.Parsed.Invalid.class);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "{}                                                         | {}",
        "{'tools':{'listChanged':true}}                             | {'toolsListChanged':true}",
        "{'tools':{},'prompts':{'listChanged':false}}               | {}",
        "{'tools':{'listChanged':'yes'}}                            | {}",
        "{'prompts':{'listChanged':true}}                           | {'promptsListChanged':true}",
        "{'resources':{'listChanged':true}}                         | {'resourcesListChanged':true}",
        "{'resources':{'subscribe':true}}                           | {'resourceSubscriptions':['file:///a']}",
        "{'resources':{'subscribe':true,'listChanged':true},'tools':{'listChanged':true},"
                + "'prompts':{'listChanged':true}} | {'toolsListChanged':true,'promptsListChanged':true,"
                + "'resourcesListChanged':true,'resourceSubscriptions':['file:///a']}",
    })
    void intersectsWithTheUpstreamCapabilities(String capabilities, String honoured) {
        SubscriptionFilter everything = new SubscriptionFilter(true, true, true, List.of("file:///a"));

        assertThat(everything.intersect(obj(capabilities)).toJson()).isEqualTo(node(honoured));
    }

    @Test
    void neverHonoursMoreThanWasAsked() {
        SubscriptionFilter toolsOnly = new SubscriptionFilter(true, false, false, List.of());
        String all = "{'resources':{'subscribe':true,'listChanged':true},'tools':{'listChanged':true},"
                + "'prompts':{'listChanged':true}}";

        assertThat(toolsOnly.intersect(obj(all))).isEqualTo(toolsOnly);
    }

    @Test
    void dropsRefusedUris() {
        SubscriptionFilter filter = new SubscriptionFilter(false, false, true, List.of("a://1", "a://2", "a://3"));

        assertThat(filter.without(List.of("a://2"))).isEqualTo(
                new SubscriptionFilter(false, false, true, List.of("a://1", "a://3")));
    }

    @Test
    void isEmptyOnlyWhenNothingIsAsked() {
        assertThat(SubscriptionFilter.NONE.isEmpty()).isTrue();
        assertThat(new SubscriptionFilter(false, false, false, List.of("a://1")).isEmpty()).isFalse();
        assertThat(new SubscriptionFilter(false, true, false, List.of()).isEmpty()).isFalse();
    }
}
