//! Live play with a friend, natively: a connection's offer and
//! answer in a few dozen bytes and back to a description the browser takes;
//! the channel's frames; when the link is held back; and one message layer
//! over two transports — a match whose messages go by links or over the
//! channel, in any mix, ends as the same match, with the same refusals.

use engarde::friend::game::FriendMatch;
use engarde::ui::friend::live::frame::{Frame, FrameError, Presence};
use engarde::ui::friend::live::sdp::{self, Address, Description, Kind, Origin, SdpError};
use engarde::ui::friend::{settle, Problem};
use engarde::{GameRng, Preset};
use rand::{Rng, SeedableRng};

/// Chromium's offer (headless, this machine): two mDNS host candidates.
pub(crate) const CHROMIUM_OFFER: &str = "v=0\r\no=- 6647862051860651298 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n\
a=group:BUNDLE 0\r\na=extmap-allow-mixed\r\na=msid-semantic: WMS\r\n\
m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n\
a=candidate:940147095 1 udp 2113937151 f1ed1ddf-d55b-4e2b-a19d-d48c66a2b9c4.local 42572 typ host generation 0 network-cost 999\r\n\
a=candidate:4084154487 1 udp 2113942271 8499acaf-2f1e-4f6f-afc9-d0f6ad7f8bd6.local 37452 typ host generation 0 network-cost 999\r\n\
a=ice-ufrag:/+nF\r\na=ice-pwd:+xPm65YFdJD29Kneu9gv3sHl\r\na=ice-options:trickle\r\n\
a=fingerprint:sha-256 60:1A:39:EE:5A:B3:5C:60:A8:7B:1E:F5:F6:0F:C1:8D:3F:86:1D:D7:AF:75:82:1E:56:EC:94:5F:75:3B:68:EB\r\n\
a=setup:actpass\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n";

/// An answer in Firefox's manner: IP host candidates, a public address from
/// STUN, a TCP candidate and a second component (both left out), LF lines.
pub(crate) const FIREFOX_ANSWER: &str = "v=0\no=mozilla...THIS_IS_SDPARTA-99.0 1 0 IN IP4 0.0.0.0\ns=-\nt=0 0\n\
a=fingerprint:sha-256 0D:69:59:A2:00:80:EE:47:B0:8C:4B:EE:32:96:7B:33:AB:2A:0C:7F:CD:05:66:C4:50:FB:BA:51:5E:1D:1A:93\n\
a=group:BUNDLE 0\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel\nc=IN IP4 0.0.0.0\n\
a=candidate:0 1 UDP 2122252543 192.168.1.20 50514 typ host\n\
a=candidate:1 1 UDP 2122187007 2a01:e0a:1:2::5 60002 typ host\n\
a=candidate:2 1 TCP 2105524479 192.168.1.20 9 typ host tcptype active\n\
a=candidate:3 1 UDP 1685987327 203.0.113.7 50514 typ srflx raddr 192.168.1.20 rport 50514\n\
a=candidate:4 2 UDP 1685987326 203.0.113.7 50515 typ srflx raddr 192.168.1.20 rport 50515\n\
a=ice-pwd:8a0e5a6c1b2f4d3e9a7b6c5d4e3f2a1b\na=ice-ufrag:3c1f9a2e\na=setup:active\na=mid:0\n\
a=sctp-port:5000\na=max-message-size:1073741823\n";

#[test]
fn a_browser_description_reads_and_comes_back() {
    let offer = Description::from_sdp(Kind::Offer, CHROMIUM_OFFER).unwrap();
    assert_eq!(
        (offer.ufrag.as_str(), offer.pwd.as_str()),
        ("/+nF", "+xPm65YFdJD29Kneu9gv3sHl")
    );
    assert_eq!(offer.fingerprint[..3], [0x60, 0x1A, 0x39]);
    assert_eq!(offer.candidates.len(), 2);
    assert_eq!(offer.candidates[0].port, 42572);
    assert!(
        matches!(offer.candidates[0].address, Address::Mdns(u) if u[0] == 0xf1 && u[15] == 0xc4)
    );
    let answer = Description::from_sdp(Kind::Answer, FIREFOX_ANSWER).unwrap();
    let kinds: Vec<(Origin, u16)> = answer
        .candidates
        .iter()
        .map(|c| (c.origin, c.port))
        .collect();
    // TCP and component 2 are left out.
    assert_eq!(
        kinds,
        [
            (Origin::Host, 50514),
            (Origin::Host, 60002),
            (Origin::Reflexive, 50514)
        ]
    );
    assert_eq!(answer.candidates[0].address, Address::V4([192, 168, 1, 20]));
    assert!(matches!(answer.candidates[1].address, Address::V6(_)));
    for d in [offer, answer] {
        // Compact, then back: the same description.
        let text = d.encode();
        assert!(text.len() < 200, "{} characters", text.len());
        assert!(text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
        assert_eq!(Description::decode(&text).unwrap(), d);
        // The description the browser is given reads as the same one.
        let sdp = d.to_sdp();
        assert!(sdp.contains("a=end-of-candidates\r\n"));
        assert!(sdp.contains(if d.kind == Kind::Offer {
            "a=setup:actpass"
        } else {
            "a=setup:active"
        }));
        assert_eq!(Description::from_sdp(d.kind, &sdp).unwrap(), d);
    }
}

#[test]
fn a_damaged_description_says_what_and_where() {
    let d = Description::from_sdp(Kind::Offer, CHROMIUM_OFFER).unwrap();
    let text = d.encode();
    assert_eq!(Description::decode("not base64!"), Err(SdpError::Text));
    // Cut inside the fingerprint (1 + 1 + 4 + 1 + 24 bytes before it).
    let cut = sdp_bytes_cut(&text, 40);
    assert_eq!(Description::decode(&cut), Err(SdpError::Bytes(31)));
    // An unknown kind, and an unknown candidate tag.
    let mut bytes = base64_bytes(&text);
    bytes[0] = b'x';
    assert_eq!(
        Description::decode(&base64_text(&bytes)),
        Err(SdpError::Bytes(0))
    );
    let mut bytes = base64_bytes(&text);
    let first_candidate = 1 + 1 + 4 + 1 + 24 + 32;
    bytes[first_candidate] = 9;
    assert_eq!(
        Description::decode(&base64_text(&bytes)),
        Err(SdpError::Bytes(first_candidate))
    );
    // Too long to be a description: refused before reading.
    assert_eq!(
        Description::decode(&"A".repeat(700)),
        Err(SdpError::Bytes(0))
    );
    // A browser description without a fingerprint, or with a bad candidate line.
    let no_fingerprint: String = CHROMIUM_OFFER
        .lines()
        .filter(|l| !l.starts_with("a=fingerprint"))
        .collect::<Vec<_>>()
        .join("\r\n");
    assert_eq!(
        Description::from_sdp(Kind::Offer, &no_fingerprint),
        Err(SdpError::Missing("fingerprint"))
    );
    let bad = CHROMIUM_OFFER.replace("42572 typ host", "port typ host");
    assert_eq!(
        Description::from_sdp(Kind::Offer, &bad),
        Err(SdpError::Line(10))
    );
    assert!(SdpError::Line(10).to_string().contains("line 10"));
}

fn base64_bytes(text: &str) -> Vec<u8> {
    use base64::Engine;
    base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(text)
        .unwrap()
}

fn base64_text(bytes: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

fn sdp_bytes_cut(text: &str, n: usize) -> String {
    base64_text(&base64_bytes(text)[..n])
}

#[test]
fn a_link_carries_its_description_after_the_code() {
    let d = Description::from_sdp(Kind::Offer, CHROMIUM_OFFER).unwrap();
    let link = sdp::join("AbC-_9", Some(&d));
    assert_eq!(sdp::split(&link), ("AbC-_9", Some(d.encode().as_str())));
    assert_eq!(sdp::split("AbC-_9"), ("AbC-_9", None));
    assert_eq!(sdp::join("AbC", None), "AbC");
}

#[test]
fn frames_read_back_and_garbage_is_no_frame() {
    let m = Frame::Message("AbC-_9".into());
    assert_eq!(Frame::read(&m.text()), Ok(m));
    let r = Frame::received("AbC");
    assert_eq!(Frame::read(&r.text()), Ok(r));
    assert_eq!(Frame::read("x"), Err(FrameError::Kind));
    assert_eq!(Frame::read(""), Err(FrameError::Kind));
    assert_eq!(Frame::read("r12"), Err(FrameError::Digest));
    assert_eq!(
        Frame::read(&format!("r{}", "g".repeat(32))),
        Err(FrameError::Digest)
    );
    let long = engarde::friend::wire::MAX_CODE + 2;
    assert_eq!(
        Frame::read(&"m".repeat(long)),
        Err(FrameError::TooLong(long))
    );
}

#[test]
fn the_link_is_held_back_only_while_the_channel_carries_the_message() {
    // Live: the channel carries it; forming or making the description: wait.
    for p in [Presence::Here, Presence::Connecting, Presence::Preparing] {
        assert!(p.withholds_link(false), "{p:?}");
    }
    // Otherwise the link goes, unless the friend's page said it has it.
    for p in [
        Presence::Links,
        Presence::Invited,
        Presence::Left,
        Presence::NoRoute,
    ] {
        assert!(!p.withholds_link(false), "{p:?}");
        assert!(p.withholds_link(true), "{p:?}");
    }
}

/// How a message travels.
#[derive(Copy, Clone, Debug)]
enum Transport {
    /// A link, a connection description riding on it.
    Link,
    /// The data channel, sent twice (again after a reconnection).
    Channel,
}

/// What the receiving page reads from what travelled: the message's code.
fn carried(code: &str, how: Transport, description: &Description) -> String {
    match how {
        Transport::Link => sdp::split(&sdp::join(code, Some(description)))
            .0
            .to_string(),
        Transport::Channel => match Frame::read(&Frame::Message(code.into()).text()) {
            Ok(Frame::Message(code)) => code,
            other => panic!("{other:?}"),
        },
    }
}

/// The seat plays all its person may play now: random legal actions (and
/// a random pick from the Choice card).
fn play_turn(me: &mut FriendMatch, rng: &mut GameRng) {
    loop {
        if let Some(choices) = me.choice() {
            me.play(engarde::Action::Choose(
                choices[rng.random_range(0..choices.len())],
            ))
            .unwrap();
            continue;
        }
        let Some(obs) = me.to_play() else { break };
        let legal = obs.legal_actions();
        me.play(legal[rng.random_range(0..legal.len())]).unwrap();
    }
}

/// A whole match, each message over `how(n)`: the two seats' records.
fn play(preset: Preset, seed: u64, how: impl Fn(usize) -> Transport) -> (String, usize) {
    let description = Description::from_sdp(Kind::Offer, CHROMIUM_OFFER).unwrap();
    let mut rng = GameRng::seed_from_u64(seed);
    let (mut host, invite) = FriendMatch::invite(preset.rules(), "Ann", &mut rng);
    let (mut guest, mut code) = FriendMatch::accept(&invite, "Bo", &mut rng).unwrap();
    let mut n = 0;
    let mut host_next = true;
    let mut again = 0;
    loop {
        let transport = how(n);
        let me: &mut FriendMatch = if host_next { &mut host } else { &mut guest };
        let came = carried(&code, transport, &description);
        me.receive(&came).unwrap();
        if let Transport::Channel = transport {
            // Sent again after a reconnection: old, and nothing changes.
            let before = me.journal().clone();
            assert_eq!(me.receive(&came).map_err(Problem::from), Err(Problem::Old));
            assert_eq!(me.journal(), &before);
            again += 1;
        }
        play_turn(me, &mut rng);
        if host.is_over() && guest.is_over() {
            break;
        }
        let me: &mut FriendMatch = if host_next { &mut host } else { &mut guest };
        assert!(settle(me), "the seat that holds the turn sends");
        code = me.last_code().to_string();
        n += 1;
        host_next = !host_next;
        assert!(n < 5_000, "the match ends");
    }
    let (a, b) = (host.played().unwrap(), guest.played().unwrap());
    let record = engarde::record::write::record_json(a);
    assert_eq!(record, engarde::record::write::record_json(b));
    (record, again)
}

#[test]
fn one_message_layer_over_two_transports_plays_the_same_match() {
    for (preset, seed) in [
        (Preset::Advanced, 3),
        (Preset::Duel, 4),
        (Preset::Standard, 5),
    ] {
        let (by_links, _) = play(preset, seed, |_| Transport::Link);
        let (live, again) = play(preset, seed, |_| Transport::Channel);
        // Cut and resumed: the channel, then links, then the channel again.
        let (mixed, _) = play(preset, seed, |n| {
            if (n / 7) % 2 == 0 {
                Transport::Channel
            } else {
                Transport::Link
            }
        });
        assert_eq!(live, by_links, "{preset:?}");
        assert_eq!(mixed, by_links, "{preset:?}");
        assert!(again > 10);
        assert!(engarde::record::replay(&live, false)
            .unwrap()
            .the_match
            .is_over());
    }
}

#[test]
fn a_message_is_refused_the_same_by_either_transport() {
    let description = Description::from_sdp(Kind::Answer, FIREFOX_ANSWER).unwrap();
    let mut rng = GameRng::seed_from_u64(8);
    let (host, invite) = FriendMatch::invite(Preset::Advanced.rules(), "Ann", &mut rng);
    let (_, accepted) = FriendMatch::accept(&invite, "Bo", &mut rng).unwrap();
    let mut damaged = accepted.clone();
    damaged.replace_range(10..11, if &accepted[10..11] == "A" { "B" } else { "A" });
    for code in [
        damaged.as_str(),
        invite.as_str(),
        &accepted[..accepted.len() - 4],
    ] {
        let refusals: Vec<_> = [Transport::Link, Transport::Channel]
            .into_iter()
            .map(|how| {
                let mut h = FriendMatch::restore(host.journal()).unwrap();
                let came = carried(code, how, &description);
                let refused = h.receive(&came).map_err(Problem::from);
                assert_eq!(h.journal(), host.journal(), "nothing changes");
                refused
            })
            .collect();
        assert!(refusals[0].is_err());
        assert_eq!(refusals[0], refusals[1], "{code}");
    }
}

#[test]
fn each_friend_has_their_results_latest_first() {
    use engarde::ui::friend::{results, Results, Standing, Summary};
    let line = |friend: &str, standing, last| Summary {
        id: format!("{friend}{last:?}{standing:?}"),
        friend: friend.into(),
        score: (0, 0),
        standing,
        last,
    };
    let kept = [
        line("Bo", Standing::Won, Some(10)),
        line("Ann", Standing::Lost, Some(30)),
        line(" Bo ", Standing::TheyResigned, Some(20)),
        line("Bo", Standing::YouResigned, None),
        line("Bo", Standing::Theirs, Some(5)),
        line("Ann", Standing::Void, Some(40)),
        line("Ann", Standing::Abandoned, None),
        // Not yet accepted: no friend to count.
        line("", Standing::Theirs, Some(50)),
    ];
    assert_eq!(
        results(&kept),
        [
            Results {
                friend: "Ann".into(),
                won: 0,
                lost: 1,
                last: Some(40)
            },
            Results {
                friend: "Bo".into(),
                won: 2,
                lost: 1,
                last: Some(20)
            },
        ]
    );
    // Lines kept before the day was recorded read, with no day.
    let old: Summary =
        serde_json::from_str(r#"{"id":"00","friend":"Bo","score":[1,0],"standing":"Won"}"#)
            .unwrap();
    assert_eq!(old.last, None);
    let words = engarde::ui::i18n::Lang::En.extra_texts();
    let r = &results(&[old])[0];
    assert_eq!(words.friend_results_line(r, None), "Bo: won 1, lost 0");
    assert_eq!(
        words.friend_results_line(r, Some("27/11/2026")),
        "Bo: won 1, lost 0, last played 27/11/2026"
    );
}

#[test]
fn the_status_line_says_where_the_connection_stands_and_what_is_awaited_once() {
    use engarde::ui::friend::said::{lines, Moment};
    use engarde::ui::friend::{standing, Standing};
    let lang = engarde::ui::i18n::Lang::En;
    let (t, x) = (lang.texts(), lang.extra_texts());
    let mut rng = GameRng::seed_from_u64(4);
    let (mut host, invite) = FriendMatch::invite(Preset::Advanced.rules(), "Ann", &mut rng);
    let (_, accepted) = FriendMatch::accept(&invite, "Bo", &mut rng).unwrap();
    host.receive(&accepted).unwrap();
    settle(&mut host);
    assert_eq!(standing(&host), Standing::Theirs);
    let at = |presence, link| Moment {
        standing: Standing::Theirs,
        presence,
        no_route: false,
        link,
        table: true,
        checking: false,
    };
    // Round 1's starter, drawn by lot (R7), comes first until the person
    // acts: said here, left out below.
    let lot = "Drawn by lot: you start the first round.";
    assert_eq!(lines(t, x, &host, at(Presence::Links, true)), [lot]);
    let lines = |t: &engarde::ui::i18n::Texts,
                 x: &engarde::ui::i18n::ExtraTexts,
                 m: &mut FriendMatch,
                 at: Moment| {
        let mut said = lines(t, x, m, at);
        said.retain(|l| l != lot);
        said
    };
    // Live: the friend is named as here, and their move is awaited.
    assert_eq!(
        lines(t, x, &mut host, at(Presence::Here, false)),
        [
            "Bo is here: moves arrive at once.",
            "Waiting for Bo's move."
        ]
    );
    // By link: the link says it all; without one, their link is awaited.
    assert_eq!(
        lines(t, x, &mut host, at(Presence::Links, true)),
        Vec::<String>::new()
    );
    assert_eq!(
        lines(t, x, &mut host, at(Presence::Links, false)),
        ["Waiting for Bo's link."]
    );
    assert_eq!(
        lines(t, x, &mut host, at(Presence::Left, true)),
        ["Bo left: moves go by links again."]
    );
    assert_eq!(
        lines(t, x, &mut host, at(Presence::Preparing, false)),
        ["Making the link…"]
    );
    // No route: said only while flagged (once, until the person acts).
    assert_eq!(
        lines(t, x, &mut host, at(Presence::NoRoute, true)),
        Vec::<String>::new()
    );
    let once = Moment {
        no_route: true,
        ..at(Presence::Preparing, false)
    };
    assert_eq!(
        lines(t, x, &mut host, once),
        ["No direct connection to Bo could be made: the match goes on by links."]
    );
    // The friend's message being checked (its proofs, in the worker): said
    // instead of what is awaited, live or not.
    for presence in [Presence::Here, Presence::Links] {
        let checking = Moment {
            checking: true,
            ..at(presence, false)
        };
        let said = lines(t, x, &mut host, checking);
        assert_eq!(
            said.last().map(String::as_str),
            Some("Checking Bo's message: every shuffle and every card in it is proven…")
        );
        assert!(!said.iter().any(|l| l.starts_with("Waiting")), "{said:?}");
    }
    // Never "waiting" and "send" together, whatever the connection.
    for presence in [
        Presence::Links,
        Presence::Invited,
        Presence::Connecting,
        Presence::Here,
        Presence::Left,
        Presence::NoRoute,
        Presence::Preparing,
    ] {
        let said = lines(t, x, &mut host, at(presence, true)).join(" ");
        assert!(!said.contains("Waiting for"), "{presence:?}: {said}");
    }
}

/// The last round's key withheld: the page that sent its own
/// still sees the match's result its actions made public, says that round
/// is not audited, and keeps that result once the key comes.
#[test]
fn a_withheld_last_key_does_not_hide_the_win() {
    use engarde::ui::friend::said::{lines, Moment};
    use engarde::ui::friend::{score, standing, winner, Standing};
    let lang = engarde::ui::i18n::Lang::En;
    let (t, x) = (lang.texts(), lang.extra_texts());
    let mut rng = GameRng::seed_from_u64(21);
    let rules = engarde::ui::friend::rules_of(Preset::Standard, 2);
    let (mut host, invite) = FriendMatch::invite(rules, "Ann", &mut rng);
    let (mut guest, mut code) = FriendMatch::accept(&invite, "Bo", &mut rng).unwrap();
    let mut host_next = true;
    let mut withheld = false;
    for _ in 0..5_000 {
        let (me, other) = if host_next {
            (&mut host, &mut guest)
        } else {
            (&mut guest, &mut host)
        };
        // The other seat sent its hand and value for the round that decides the match:
        // this seat could keep its own.
        if !withheld
            && other.unaudited_result().is_some()
            && winner(other).is_some()
            && other.played().is_none_or(|p| !p.is_over())
        {
            let decided = standing(other);
            assert!(
                matches!(decided, Standing::Won | Standing::Lost),
                "{decided:?}"
            );
            let s = score(other);
            assert_eq!(s.white.max(s.black), 2);
            let at = Moment {
                standing: decided,
                presence: Presence::Links,
                no_route: false,
                link: false,
                table: false,
                checking: false,
            };
            let said = lines(t, x, other, at);
            assert!(
                said.iter()
                    .any(|l| l.contains("wins the match") || l.contains("You win the match")),
                "{said:?}"
            );
            assert!(said.iter().any(|l| l.contains("not audited")), "{said:?}");
            withheld = true;
            // The key comes after all: the same result, audited.
            me.receive(&code).unwrap();
            assert!(settle(me));
            let key = me.last_code().to_string();
            other.receive(&key).unwrap();
            assert_eq!(standing(other), decided);
            assert!(other.unaudited_result().is_none());
            assert!(other.played().unwrap().is_over());
            let said = lines(
                t,
                x,
                other,
                Moment {
                    standing: decided,
                    ..at
                },
            );
            assert!(!said.iter().any(|l| l.contains("not audited")), "{said:?}");
            break;
        }
        me.receive(&code).unwrap();
        play_turn(me, &mut rng);
        if host.is_over() && guest.is_over() {
            break;
        }
        let me = if host_next { &mut host } else { &mut guest };
        assert!(settle(me));
        code = me.last_code().to_string();
        host_next = !host_next;
    }
    assert!(withheld, "the last round's key could be withheld");
}

proptest::proptest! {
    /// A friend's page may send anything: any text on a link's connection
    /// part or on the channel is read or refused, never a panic; what reads
    /// comes back the same.
    #[test]
    fn any_description_or_frame_is_read_or_refused(text in "[A-Za-z0-9_-]{0,400}", raw in ".{0,200}") {
        for t in [text.as_str(), raw.as_str()] {
            if let Ok(d) = Description::decode(t) {
                proptest::prop_assert_eq!(Description::decode(&d.encode()).unwrap(), d.clone());
                proptest::prop_assert_eq!(Description::from_sdp(d.kind, &d.to_sdp()).unwrap(), d);
            }
            let _ = Frame::read(t);
            let _ = sdp::split(t);
        }
    }

    /// Real descriptions with bytes changed: read or refused, never a panic.
    #[test]
    fn a_description_with_bytes_changed_is_read_or_refused(at in 0usize..200, to in 0u8..=255, cut in 0usize..200) {
        let d = Description::from_sdp(Kind::Answer, FIREFOX_ANSWER).unwrap();
        let mut bytes = base64_bytes(&d.encode());
        let at = at % bytes.len();
        bytes[at] = to;
        bytes.truncate(cut.max(1));
        if let Ok(read) = Description::decode(&base64_text(&bytes)) {
            // What reads is a description the browser can be given.
            proptest::prop_assert!(read.to_sdp().contains("a=ice-ufrag:"));
        }
    }
}
