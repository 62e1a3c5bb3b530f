//! A short chime and a buzz when the friend's move arrives over the
//! connection while this page is hidden (Settings, off by default): it is
//! the person's turn and they are elsewhere.

use web_sys::AudioContext;

/// Whether the page is out of sight (another tab, another app, the screen off).
pub fn hidden() -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .is_some_and(|d| d.hidden())
}

/// Two soft notes and a buzz where the device can (nothing if it cannot).
pub fn ring() {
    if let Some(w) = web_sys::window() {
        let _ = w.navigator().vibrate_with_duration(200);
    }
    let Ok(audio) = AudioContext::new() else {
        return;
    };
    let now = audio.current_time();
    for (i, pitch) in [660.0_f32, 880.0].into_iter().enumerate() {
        let at = now + 0.18 * i as f64;
        let (Ok(tone), Ok(gain)) = (audio.create_oscillator(), audio.create_gain()) else {
            return;
        };
        tone.frequency().set_value(pitch);
        let volume = gain.gain();
        let _ = volume.set_value_at_time(0.15, at);
        let _ = volume.exponential_ramp_to_value_at_time(0.001, at + 0.16);
        let _ = tone.connect_with_audio_node(&gain);
        let _ = gain.connect_with_audio_node(&audio.destination());
        let _ = tone.start_with_when(at);
        let _ = tone.stop_with_when(at + 0.17);
    }
}
