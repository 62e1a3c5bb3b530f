//! The browser's side of a live connection: one `RTCPeerConnection` with one
//! data channel (negotiated, id 0: both pages make it, no extra round trip),
//! its candidates gathered before the description is read (non-trickle: the
//! description travels once, on a link).

use std::time::Duration;

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    MessageEvent, RtcConfiguration, RtcDataChannel, RtcDataChannelInit, RtcDataChannelState,
    RtcIceGatheringState, RtcPeerConnection, RtcPeerConnectionState, RtcSdpType,
    RtcSessionDescriptionInit,
};

use super::sdp::{Description, Kind};

/// The public STUN server asked for this device's public address (Settings
/// names it; it sees the two addresses, never the game).
pub const STUN: &str = "stun:stun.cloudflare.com:3478";

/// How long candidates are gathered at most: what came by then goes.
const GATHERING: Duration = Duration::from_millis(2_500);

/// What the connection tells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PeerEvent {
    Open,
    Text(String),
    /// Closed or failed: whatever was not acknowledged goes by link.
    Closed,
}

/// A connection to the friend's page.
pub struct Peer {
    pc: RtcPeerConnection,
    channel: RtcDataChannel,
    _handlers: Vec<Closure<dyn FnMut(JsValue)>>,
}

impl Drop for Peer {
    fn drop(&mut self) {
        self.channel.set_onclose(None);
        self.pc.set_onconnectionstatechange(None);
        self.channel.close();
        self.pc.close();
    }
}

/// Whether this browser has WebRTC at all.
pub fn available() -> bool {
    web_sys::window()
        .and_then(|w| Reflect::get(&w, &"RTCPeerConnection".into()).ok())
        .is_some_and(|f| f.is_function())
}

impl Peer {
    /// A new connection, STUN asked if `stun`; `on` hears what happens.
    pub fn new(stun: bool, on: impl Fn(PeerEvent) + 'static) -> Option<Peer> {
        if !available() {
            return None;
        }
        let config = RtcConfiguration::new();
        let servers = Array::new();
        if stun {
            let server = Object::new();
            Reflect::set(&server, &"urls".into(), &STUN.into()).ok()?;
            servers.push(&server);
        }
        config.set_ice_servers(&servers);
        let pc = RtcPeerConnection::new_with_configuration(&config).ok()?;
        let init = RtcDataChannelInit::new();
        init.set_negotiated(true);
        init.set_id(0);
        let channel = pc.create_data_channel_with_data_channel_dict("engarde", &init);
        let on = std::rc::Rc::new(on);
        let mut handlers: Vec<Closure<dyn FnMut(JsValue)>> = Vec::new();
        let open = {
            let on = on.clone();
            Closure::<dyn FnMut(JsValue)>::new(move |_| on(PeerEvent::Open))
        };
        channel.set_onopen(Some(open.as_ref().unchecked_ref()));
        let message = {
            let on = on.clone();
            Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
                if let Some(text) = e
                    .dyn_ref::<MessageEvent>()
                    .and_then(|e| e.data().as_string())
                {
                    on(PeerEvent::Text(text));
                }
            })
        };
        channel.set_onmessage(Some(message.as_ref().unchecked_ref()));
        let closed = {
            let on = on.clone();
            Closure::<dyn FnMut(JsValue)>::new(move |_| on(PeerEvent::Closed))
        };
        channel.set_onclose(Some(closed.as_ref().unchecked_ref()));
        let state = {
            let (on, pc) = (on.clone(), pc.clone());
            Closure::<dyn FnMut(JsValue)>::new(move |_| {
                if matches!(
                    pc.connection_state(),
                    RtcPeerConnectionState::Failed | RtcPeerConnectionState::Closed
                ) {
                    on(PeerEvent::Closed);
                }
            })
        };
        pc.set_onconnectionstatechange(Some(state.as_ref().unchecked_ref()));
        handlers.extend([open, message, closed, state]);
        Some(Peer {
            pc,
            channel,
            _handlers: handlers,
        })
    }

    /// Sets this page's description and waits for its candidates.
    async fn gathered(&self, kind: Kind, made: js_sys::Promise) -> Option<Description> {
        let made = JsFuture::from(made).await.ok()?;
        let sdp = Reflect::get(&made, &"sdp".into()).ok()?.as_string()?;
        let init = RtcSessionDescriptionInit::new(match kind {
            Kind::Offer => RtcSdpType::Offer,
            Kind::Answer => RtcSdpType::Answer,
        });
        init.set_sdp(&sdp);
        JsFuture::from(self.pc.set_local_description(&init))
            .await
            .ok()?;
        let step = Duration::from_millis(50);
        let mut waited = Duration::ZERO;
        while self.pc.ice_gathering_state() != RtcIceGatheringState::Complete && waited < GATHERING
        {
            yew::platform::time::sleep(step).await;
            waited += step;
        }
        let sdp = self.pc.local_description()?.sdp();
        Description::from_sdp(kind, &sdp)
            .ok()
            .filter(|d| !d.candidates.is_empty())
    }

    /// This page's offer (`None`: no candidate, or the browser refused).
    pub async fn offer(&self) -> Option<Description> {
        self.gathered(Kind::Offer, self.pc.create_offer()).await
    }

    /// The answer to the friend's `offer`.
    pub async fn answer(&self, offer: &Description) -> Option<Description> {
        self.remote(offer).await?;
        self.gathered(Kind::Answer, self.pc.create_answer()).await
    }

    /// Takes the friend's description: the connection forms.
    pub async fn remote(&self, theirs: &Description) -> Option<()> {
        let init = RtcSessionDescriptionInit::new(match theirs.kind {
            Kind::Offer => RtcSdpType::Offer,
            Kind::Answer => RtcSdpType::Answer,
        });
        init.set_sdp(&theirs.to_sdp());
        JsFuture::from(self.pc.set_remote_description(&init))
            .await
            .ok()
            .map(|_| ())
    }

    /// Closes the channel and the connection: the friend's page hears it.
    pub fn close(&self) {
        self.channel.close();
        self.pc.close();
    }

    pub fn is_open(&self) -> bool {
        self.channel.ready_state() == RtcDataChannelState::Open
    }

    /// Sends `text` if the channel is open.
    pub fn send(&self, text: &str) -> bool {
        self.is_open() && self.channel.send_with_str(text).is_ok()
    }
}
