// The online table's transport: text between the devices at one table, peer to peer
// over WebRTC, the devices finding each other through Nostr relays (Trystero). What
// the text means is the Python protocol's business (senator_core.online); this only
// carries it. The page imports this module when an online game starts and never
// before, so nothing off-site is contacted until then.
import { joinRoom, selfId } from "./vendor/@trystero-p2p/nostr/dist/index.mjs";

// Trystero keys rooms on the relays by app id and room name: this names the game's.
const APP_ID = "senator-card-game";
// The one action that carries the protocol's messages (at most 32 bytes, Trystero says).
const ACTION = "table";

/**
 * What the transport tells the page. Device ids are Trystero's: one per page load,
 * the same in every room.
 * @typedef {object} Handlers
 * @property {(peerId: string) => void} onPeerJoin a device is connected and can be sent to
 * @property {(peerId: string) => void} onPeerLeave a device left, or its connection closed
 * @property {(peerId: string, text: string) => void} onMessage a device sent this text
 * @property {(reason: string, peerId: string | null) => void} [onError] a device
 *   could not be joined: another password, or no path between the two (needs TURN)
 */

/**
 * One device's connection to a table.
 * @typedef {object} Transport
 * @property {string} selfId this device's id, as the others know it
 * @property {(text: string, peerId?: string | null) => Promise<void>} send to one
 *   device, or to every device at the table when `peerId` is null or left out
 * @property {(peerId: string) => void} drop closes the connection to one device
 * @property {() => Promise<void>} leave closes every connection; the others see it leave
 * @property {() => Record<string, RTCPeerConnection>} connections by device id (for
 *   what a connection runs over: `getStats()`)
 */

/**
 * Joins a table. Only one at a time: leave it before joining another. The relays of
 * the first join serve every later one until the page reloads (Trystero's rule).
 * @param {string} room the table's name, shared by its devices
 * @param {string} password shared by the table's devices ("" for none); it encrypts
 *   what the relays carry
 * @param {Iterable<string>} relayUrls Nostr relays, `wss://` (or `ws://` on the loopback)
 * @param {Iterable<RTCIceServer>} iceServers STUN and TURN servers, none for a network
 *   without either (one Wi-Fi)
 * @param {Handlers} handlers
 * @returns {Transport}
 */
export function join(room, password, relayUrls, iceServers, handlers) {
  /** @type {Record<string, unknown>} */
  const config = {
    appId: APP_ID,
    relayConfig: { urls: [...relayUrls] },
    // Replaces Trystero's default STUN servers rather than adding to them.
    rtcConfig: { iceServers: [...iceServers] },
  };
  if (password) config.password = password;
  const table = joinRoom(config, room, {
    onJoinError: (details) => handlers.onError?.(String(details.error), details.peerId ?? null),
  });
  const messages = table.makeAction(ACTION);
  messages.onMessage = (data, { peerId }) => {
    if (typeof data === "string") handlers.onMessage(peerId, data);
  };
  table.onPeerJoin = (peerId) => handlers.onPeerJoin(peerId);
  table.onPeerLeave = (peerId) => handlers.onPeerLeave(peerId);
  return {
    selfId,
    send: (text, peerId = null) => messages.send(String(text), peerId ? { target: peerId } : {}),
    drop: (peerId) => table.getPeers()[peerId]?.close(),
    leave: () => table.leave(),
    connections: () => table.getPeers(),
  };
}
