// motti: checks a dice export (motti-dice/v1 and v2) in the browser. Nothing is sent anywhere:
// the file is read here, and SHA-256, HMAC and ChaCha20 are computed by this script, so the page
// also works saved to disk and opened without a network (and over plain HTTP, where the
// browser's own cryptography is not offered).
"use strict";
(() => {
  // ---- SHA-256 and HMAC-SHA256 (FIPS 180-4, RFC 2104) -------------------------------------
  const K = new Uint32Array([
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
  ]);
  const W = new Int32Array(64);
  const IV = new Int32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  let pad = new Uint8Array(256);

  // One 64-byte block of `bytes` at `at` into the state `h`.
  function compress(h, bytes, at) {
    for (let i = 0; i < 16; i++, at += 4) {
      W[i] = (bytes[at] << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3];
    }
    for (let i = 16; i < 64; i++) {
      const a = W[i - 15], b = W[i - 2];
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
      const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
      W[i] = (W[i - 16] + s0 + W[i - 7] + s1) | 0;
    }
    let a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const t1 = (hh + S1 + ((e & f) ^ (~e & g)) + K[i] + W[i]) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      hh = g; g = f; f = e; e = (d + t1) | 0; d = c; c = b; b = a; a = (t1 + t2) | 0;
    }
    h[0] = (h[0] + a) | 0; h[1] = (h[1] + b) | 0; h[2] = (h[2] + c) | 0; h[3] = (h[3] + d) | 0;
    h[4] = (h[4] + e) | 0; h[5] = (h[5] + f) | 0; h[6] = (h[6] + g) | 0; h[7] = (h[7] + hh) | 0;
  }

  // SHA-256 of `before` bytes already in the state `from` (a multiple of 64) followed by `bytes`.
  function finish(from, before, bytes) {
    const h = Int32Array.from(from);
    const length = bytes.length;
    const whole = length & ~63;
    for (let at = 0; at < whole; at += 64) compress(h, bytes, at);
    const rest = length - whole;
    const tail = rest + 9 <= 64 ? 64 : 128;
    if (pad.length < tail) pad = new Uint8Array(tail);
    pad.fill(0, 0, tail);
    for (let i = 0; i < rest; i++) pad[i] = bytes[whole + i];
    pad[rest] = 0x80;
    const bits = (before + length) * 8;
    const high = Math.floor(bits / 0x100000000), low = bits >>> 0;
    pad[tail - 8] = high >>> 24; pad[tail - 7] = high >>> 16; pad[tail - 6] = high >>> 8; pad[tail - 5] = high;
    pad[tail - 4] = low >>> 24; pad[tail - 3] = low >>> 16; pad[tail - 2] = low >>> 8; pad[tail - 1] = low;
    compress(h, pad, 0);
    if (tail === 128) compress(h, pad, 64);
    const out = new Uint8Array(32);
    for (let i = 0; i < 8; i++) {
      out[i * 4] = h[i] >>> 24; out[i * 4 + 1] = h[i] >>> 16; out[i * 4 + 2] = h[i] >>> 8; out[i * 4 + 3] = h[i];
    }
    return out;
  }

  const sha256 = (bytes) => finish(IV, 0, bytes);

  // An HMAC key made ready: the states after its inner and outer padded blocks, so that each
  // message under one key costs only its own blocks.
  function hmacKey(key) {
    const k = key.length > 64 ? sha256(key) : key;
    const inner = new Uint8Array(64), outer = new Uint8Array(64);
    for (let i = 0; i < 64; i++) {
      const byte = i < k.length ? k[i] : 0;
      inner[i] = byte ^ 0x36;
      outer[i] = byte ^ 0x5c;
    }
    const hi = Int32Array.from(IV), ho = Int32Array.from(IV);
    compress(hi, inner, 0);
    compress(ho, outer, 0);
    return { inner: hi, outer: ho };
  }
  const hmacWith = (ready, message) => finish(ready.outer, 64, finish(ready.inner, 64, message));
  const hmac = (key, message) => hmacWith(hmacKey(key), message);

  // ---- ChaCha20 keystream as rand_chacha's ChaCha20Rng reads it (64-bit counter, nonce 0) ----
  class Stream {
    constructor(key) {
      const view = new DataView(key.buffer, key.byteOffset, 32);
      this.state = new Uint32Array(16);
      this.state.set([0x61707865, 0x3320646e, 0x79622d32, 0x6b206574]);
      for (let i = 0; i < 8; i++) this.state[4 + i] = view.getUint32(i * 4, true);
      this.block = new Uint32Array(16);
      this.at = 16;
    }
    refill() {
      const s = this.state, x = this.block;
      x.set(s);
      const q = (a, b, c, d) => {
        x[a] = (x[a] + x[b]) | 0; x[d] ^= x[a]; x[d] = (x[d] << 16) | (x[d] >>> 16);
        x[c] = (x[c] + x[d]) | 0; x[b] ^= x[c]; x[b] = (x[b] << 12) | (x[b] >>> 20);
        x[a] = (x[a] + x[b]) | 0; x[d] ^= x[a]; x[d] = (x[d] << 8) | (x[d] >>> 24);
        x[c] = (x[c] + x[d]) | 0; x[b] ^= x[c]; x[b] = (x[b] << 7) | (x[b] >>> 25);
      };
      for (let round = 0; round < 10; round++) {
        q(0, 4, 8, 12); q(1, 5, 9, 13); q(2, 6, 10, 14); q(3, 7, 11, 15);
        q(0, 5, 10, 15); q(1, 6, 11, 12); q(2, 7, 8, 13); q(3, 4, 9, 14);
      }
      for (let i = 0; i < 16; i++) x[i] = (x[i] + s[i]) | 0;
      s[12] = (s[12] + 1) | 0;
      if (s[12] === 0) s[13] = (s[13] + 1) | 0;
      this.at = 0;
    }
    word() {
      if (this.at === 16) this.refill();
      return this.block[this.at++] >>> 0;
    }
    die(m) {
      const limit = Math.floor(0x100000000 / m) * m;
      for (;;) {
        const w = this.word();
        if (w < limit) return (w % m) + 1;
      }
    }
  }

  // ---- bytes ----------------------------------------------------------------------------------
  const utf8 = new TextEncoder();
  const hexOf = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  const NIBBLE = new Int8Array(128).fill(-1);
  for (let i = 0; i < 16; i++) NIBBLE["0123456789abcdef".charCodeAt(i)] = i;
  // 64 lowercase hex digits as 32 bytes, or null.
  function bytes32(text) {
    if (typeof text !== "string" || text.length !== 64) return null;
    const out = new Uint8Array(32);
    for (let i = 0; i < 32; i++) {
      const a = text.charCodeAt(i * 2), b = text.charCodeAt(i * 2 + 1);
      const hi = a < 128 ? NIBBLE[a] : -1, lo = b < 128 ? NIBBLE[b] : -1;
      if (hi < 0 || lo < 0) return null;
      out[i] = (hi << 4) | lo;
    }
    return out;
  }
  function uuidBytes(text) {
    const hex = typeof text === "string" ? text.toLowerCase().replace(/-/g, "") : "";
    if (!/^[0-9a-f]{32}$/.test(hex)) return null;
    const out = new Uint8Array(16);
    for (let i = 0; i < 16; i++) out[i] = parseInt(hex.substr(i * 2, 2), 16);
    return out;
  }
  function concat(...parts) {
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) { out.set(p, at); at += p.length; }
    return out;
  }
  const be32 = (n) => { const b = new Uint8Array(4); new DataView(b.buffer).setUint32(0, n >>> 0); return b; };
  const be64 = (n) => {
    const b = new Uint8Array(8);
    const v = new DataView(b.buffer);
    v.setUint32(0, Math.floor(n / 0x100000000));
    v.setUint32(4, n >>> 0);
    return b;
  };
  const AUDIENCES = ["public", "soviet", "finnish", "umpire"];
  const equal = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
  function compareBytes(a, b) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
    return a.length - b.length;
  }

  // ---- the scheme (spec dice.md) ---------------------------------------------------------------
  const V2 = utf8.encode("motti-dice/v2");
  const V1 = utf8.encode("motti-dice/v1");
  const DRAWS = utf8.encode("motti-dice/v2 draws");
  const ZERO = new Uint8Array([0]);
  const entropyOf = (lines) =>
    sha256(concat(...lines.map((l) => utf8.encode(l + "\n")).sort(compareBytes)));
  const chainStart = (tag, campaign) => sha256(concat(tag, ZERO, campaign));
  const drawBytes = (draws) => concat(...draws.map(([m, f]) => concat(be32(m), be32(f))));

  class Mismatch extends Error {}
  const fail = (text) => { throw new Mismatch(text); };
  const rollFail = (k, text) => fail(`Roll ${k}: ${text}.`);

  function checkSeed(commitment, seed, where) {
    if (!bytes32(commitment)) fail(`${where}: the commitment is not 64 lowercase hex digits.`);
    if (seed === null || seed === undefined) return null;
    const bytes = bytes32(seed);
    if (!bytes) fail(`${where}: the seed is not 64 lowercase hex digits.`);
    if (hexOf(sha256(bytes)) !== commitment) fail(`${where}: the seed does not match its commitment.`);
    return bytes;
  }

  function checkEpochs(exp, report) {
    const epochs = new Map();
    if (!Array.isArray(exp.epochs)) fail("The file lists no epochs.");
    exp.epochs.forEach((entry, at) => {
      if (!entry || entry.epoch !== at) fail(`Epoch ${at}: listed where epoch ${at} belongs, but it says ${entry && entry.epoch}.`);
      if (entry.scheme === "v1") {
        report.epochsV1++;
        const seed = checkSeed(entry.commitment, entry.seed, `Epoch ${at}`);
        seed ? report.seedsChecked++ : report.seedsSecret++;
        epochs.set(at, { scheme: "v1", seed: seed && hmacKey(seed) });
      } else if (entry.scheme === "v2") {
        report.epochsV2++;
        const seeds = {};
        for (const audience of AUDIENCES) {
          const given = entry.seeds && entry.seeds[audience];
          if (!given) fail(`Epoch ${at}: the ${audience} seed's commitment is missing.`);
          const seed = checkSeed(given.commitment, given.seed, `Epoch ${at}, ${audience} seed`);
          seed ? report.seedsChecked++ : report.seedsSecret++;
          seeds[audience] = seed && hmacKey(seed);
        }
        epochs.set(at, { scheme: "v2", seeds });
      } else {
        fail(`Epoch ${at}: the scheme "${entry.scheme}" is neither v1 nor v2.`);
      }
    });
    return epochs;
  }

  function shownDraws(roll) {
    if (roll.draws === null || roll.draws === undefined) return null;
    if (!Array.isArray(roll.draws)) rollFail(roll.k, "its draws are not a list");
    roll.draws.forEach((d, i) => {
      const ok = Array.isArray(d) && d.length === 2 && Number.isInteger(d[0]) && Number.isInteger(d[1]) &&
        d[0] >= 2 && d[0] < 0x100000000 && d[1] >= 1 && d[1] <= d[0];
      if (!ok) rollFail(roll.k, `draw ${i + 1} is ${JSON.stringify(d)}, which no die can show`);
    });
    return roll.draws;
  }

  function rederive(k, stream, draws) {
    draws.forEach(([m, f], i) => {
      const derived = stream.die(m);
      if (derived !== f) rollFail(k, `draw ${i + 1} is [${m},${f}] but the seed gives [${m},${derived}]`);
    });
  }

  function checkFaces(roll, draws, report) {
    const result = roll.result;
    if (!result || typeof result !== "object" || !Array.isArray(result.faces)) return;
    const faces = draws.map(([, f]) => f);
    if (result.faces.length !== faces.length || !result.faces.every((f, i) => f === faces[i])) {
      // A procedure may list only some dice as faces; only a plain roll of exactly these dice is held to them.
      const plain = /^\s*(\d*)d(\d+)\s*([+-]\s*\d+)?\s*$/.exec(roll.expression || "");
      if (plain && (Number(plain[1] || 1) === draws.length) && draws.every(([m]) => m === Number(plain[2]))) {
        rollFail(roll.k, `its result lists faces ${JSON.stringify(result.faces)} but the draws show ${JSON.stringify(faces)}`);
      }
      return;
    }
    const plain = /^\s*(\d*)d(\d+)\s*([+-]\s*\d+)?\s*$/.exec(roll.expression || "");
    if (plain && Number.isInteger(result.total) && Number(plain[1] || 1) === draws.length &&
        draws.every(([m]) => m === Number(plain[2]))) {
      const total = faces.reduce((a, b) => a + b, 0) + Number((plain[3] || "0").replace(/\s/g, ""));
      if (total !== result.total) rollFail(roll.k, `its result total is ${result.total} but the draws and ${roll.expression} give ${total}`);
      report.totals++;
    }
  }

  // Checks an export, a chunk of rolls at a time; `progress(done, all)` is called between chunks.
  async function verify(exp, progress) {
    const report = { epochsV1: 0, epochsV2: 0, seedsChecked: 0, seedsSecret: 0, entropySets: 0, links: 0,
      linksGiven: 0, rederived: 0, dice: 0, awaiting: 0, hidden: 0, totals: 0, rolls: 0, head: "" };
    if (!exp || typeof exp !== "object") fail("The file is not a dice export.");
    if (exp.format !== "motti-dice/v2") fail(`The file's format is "${exp.format}", not motti-dice/v2.`);
    const campaign = uuidBytes(exp.campaign_id);
    if (!campaign) fail("The file's campaign_id is not a UUID.");
    const epochs = checkEpochs(exp, report);
    const sets = exp.entropy_sets || {};
    const entropies = new Map();
    for (const [name, lines] of Object.entries(sets)) {
      if (!Array.isArray(lines) || !lines.every((l) => typeof l === "string")) fail(`Entropy set ${name}: its lines are not a list of texts.`);
      const actual = hexOf(entropyOf(lines));
      if (actual !== name) fail(`Entropy set ${name}: its lines hash to ${actual}.`);
      entropies.set(name, bytes32(name));
      report.entropySets++;
    }
    const rolls = Array.isArray(exp.rolls) ? exp.rolls : fail("The file lists no rolls.");
    const first = rolls.length ? epochs.get(rolls[0].epoch) : null;
    let head = first && first.scheme === "v1" ? chainStart(V1, campaign) : chainStart(V2, campaign);
    let lastEpoch = 0;
    const brokenLink = (k) => rollFail(k, k === 0 ? "its chain hash does not follow from chain_start"
      : `its chain hash does not follow from roll ${k - 1}`);
    for (let at = 0; at < rolls.length; at++) {
      if (at % 2000 === 0) await progress(at, rolls.length);
      const roll = rolls[at];
      const k = roll && roll.k;
      if (!Number.isSafeInteger(k)) fail(`The roll at position ${at + 1} has no number.`);
      if (k > at) fail(`Roll ${at} is missing: roll ${at === 0 ? "numbers start" : at - 1 + " is followed"} by roll ${k}.`);
      if (k < at) rollFail(k, `appears again after roll ${at - 1}`);
      if (roll.epoch < lastEpoch) rollFail(k, `epoch ${roll.epoch} comes after a roll of epoch ${lastEpoch}, but epochs never go back`);
      lastEpoch = roll.epoch;
      const epoch = epochs.get(roll.epoch) || rollFail(k, `epoch ${roll.epoch} is not listed`);
      const entropy = bytes32(roll.entropy) || rollFail(k, "its entropy is not 64 lowercase hex digits");
      if (!entropies.has(roll.entropy)) rollFail(k, `its entropy set ${roll.entropy} is not listed`);
      const chain = bytes32(roll.chain) || rollFail(k, "its chain is not 64 lowercase hex digits");
      const draws = shownDraws(roll);
      if (epoch.scheme === "v1") {
        if (roll.audience != null || roll.digest != null) rollFail(k, "a roll of a v1 epoch carries an audience or a digest");
        if (!draws) {
          report.hidden++; report.linksGiven++; head = chain; report.rolls++;
          continue;
        }
        if (epoch.seed) {
          rederive(k, new Stream(hmacWith(epoch.seed, concat(V1, ZERO, campaign, be64(k), entropy))), draws);
          report.rederived++; report.dice += draws.length;
        } else {
          report.awaiting++;
        }
        const next = sha256(concat(head, be64(k), be32(roll.epoch), entropy, drawBytes(draws)));
        if (!equal(next, chain)) brokenLink(k);
        report.links++;
      } else {
        const audience = AUDIENCES.indexOf(roll.audience);
        if (audience < 0) rollFail(k, "a roll of a v2 epoch has no audience");
        const digest = bytes32(roll.digest) || rollFail(k, "its digest is not 64 lowercase hex digits");
        const next = sha256(concat(head, be64(k), be32(roll.epoch), new Uint8Array([audience]), entropy, digest));
        if (!equal(next, chain)) brokenLink(k);
        report.links++;
        if (!draws) {
          report.hidden++; head = chain; report.rolls++;
          continue;
        }
        const seed = epoch.seeds[roll.audience];
        if (seed) {
          const key = hmacWith(seed, concat(V2, ZERO, campaign, be64(k), new Uint8Array([audience]), entropy));
          rederive(k, new Stream(key), draws);
          if (!equal(hmac(key, concat(DRAWS, ZERO, drawBytes(draws))), digest)) {
            rollFail(k, "its digest does not match its draws under the revealed seed");
          }
          report.rederived++; report.dice += draws.length;
        } else {
          report.awaiting++;
        }
      }
      checkFaces(roll, draws, report);
      head = chain;
      report.rolls++;
    }
    await progress(rolls.length, rolls.length);
    report.head = hexOf(head);
    return report;
  }

  // ---- the page ------------------------------------------------------------------------------
  const $ = (id) => document.getElementById(id);
  const plural = (n, one, many) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

  function say(kind, title, lines) {
    const verdict = $("verdict");
    verdict.className = `verdict ${kind}`;
    verdict.replaceChildren();
    const heading = document.createElement("p");
    heading.className = "verdict-title";
    heading.textContent = title;
    verdict.append(heading);
    if (lines.length) {
      const list = document.createElement("ul");
      for (const line of lines) {
        const item = document.createElement("li");
        item.textContent = line;
        list.append(item);
      }
      verdict.append(list);
    }
    verdict.hidden = false;
  }

  async function check(file) {
    const bar = $("verify-progress");
    const status = $("verify-status");
    $("verdict").hidden = true;
    bar.hidden = false;
    bar.value = 0;
    status.textContent = `Reading ${file.name}…`;
    const started = performance.now();
    let exp;
    try {
      exp = JSON.parse(await file.text());
    } catch (error) {
      bar.hidden = true;
      status.textContent = "";
      say("bad", "This file cannot be read as a dice export.", [`It is not JSON: ${error.message}`]);
      return;
    }
    try {
      const report = await verify(exp, (done, all) => {
        bar.max = Math.max(all, 1);
        bar.value = done;
        status.textContent = `Checked ${done.toLocaleString("en")} of ${plural(all, "roll", "rolls")}…`;
        return new Promise((resolve) => setTimeout(resolve, 0));
      });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      status.textContent = `Checked in ${seconds} s.`;
      const lines = [
        `${plural(report.rolls, "roll", "rolls")}, numbered from 0 without gaps; the chain checked link by link (${plural(report.links, "link", "links")}${report.linksGiven ? `, ${plural(report.linksGiven, "hidden v1 link", "hidden v1 links")} taken as given` : ""}).`,
        `${plural(report.seedsChecked, "revealed seed", "revealed seeds")} match their commitments; ${plural(report.seedsSecret, "seed is", "seeds are")} still secret.`,
        `${plural(report.rederived, "roll", "rolls")} (${plural(report.dice, "die", "dice")}) derived again from their seeds and found equal.`,
        `${plural(report.awaiting, "roll you see awaits its seed", "rolls you see await their seed")} (checkable later); ${plural(report.hidden, "roll is", "rolls are")} hidden from you.`,
        `Epochs: ${report.epochsV2} under v2, ${report.epochsV1} under v1; ${plural(report.entropySets, "entropy set", "entropy sets")} checked; ${plural(report.totals, "total", "totals")} added up again.`,
        `Chain head: ${report.head}. Compare it with the one the campaign page showed you.`,
      ];
      say("good", "These dice check out.", lines);
    } catch (error) {
      status.textContent = "";
      if (error instanceof Mismatch) {
        say("bad", "These dice do not check out.", [error.message]);
      } else {
        say("bad", "This file cannot be checked.", [String(error && error.message || error)]);
      }
    } finally {
      bar.hidden = true;
    }
  }

  function wire() {
    const input = $("verify-file");
    const zone = $("verify-drop");
    if (!input || !zone) return;
    input.addEventListener("change", () => { if (input.files[0]) check(input.files[0]); });
    zone.addEventListener("dragover", (e) => { e.preventDefault(); zone.classList.add("over"); });
    zone.addEventListener("dragleave", () => zone.classList.remove("over"));
    zone.addEventListener("drop", (e) => {
      e.preventDefault();
      zone.classList.remove("over");
      const file = e.dataTransfer && e.dataTransfer.files[0];
      if (file) check(file);
    });
    zone.dataset.ready = "true";
  }

  window.mottiDice = { sha256, hmac, Stream, verify, hexOf };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", wire);
  else wire();
})();
