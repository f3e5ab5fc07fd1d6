// The sandbox page: a Discord-like channel view over the sandbox's HTTP API (sandbox/web.py).
// Messages come live from /api/events (server-sent events); every action goes to /api/act.
"use strict";

const S = {
  me: localStorage.getItem("tavolo-sandbox-member"),
  state: null,
  channel: localStorage.getItem("tavolo-sandbox-channel"),
  commands: [],
  picked: {},
  held: null,
  source: null,
  suggestions: [],
  active: -1,
  completion: 0,
};
const $ = (id) => document.getElementById(id);
const el = (tag, cls, text) => {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
};

// ---------------------------------------------------------------- talking to the sandbox
async function get(path) {
  const response = await fetch(path);
  if (!response.ok) throw new Error(await response.text());
  return response.json();
}

async function act(body) {
  const response = await fetch("/api/act", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ member: S.me, ...body }),
  });
  const answer = await response.json();
  if (answer.error) throw new Error(answer.error);
  if (answer.modal) openModal(answer.modal);
  return answer;
}

function toast(text) {
  const box = $("toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.hidden = true; }, 5000);
}

async function attempt(work, busy) {
  if (busy) { busy.disabled = true; busy.classList.add("busy"); }
  try { return await work(); } catch (error) { toast(error.message); } finally {
    if (busy && busy.isConnected) { busy.disabled = false; busy.classList.remove("busy"); }
  }
}

// ---------------------------------------------------------------- server, members, channels
async function chooseMember(id) {
  // An unknown member (or none yet) gets the first member's view.
  S.state = await get(`/api/state?member=${id || ""}`);
  S.me = S.state.me;
  localStorage.setItem("tavolo-sandbox-member", S.me);
  renderSidebar();
  connect();
  const known = S.state.channels.some((c) => c.id === S.channel) || S.channel === "dm";
  await openChannel(known ? S.channel : S.state.channels[0].id);
}

function renderSidebar() {
  const st = S.state;
  $("guild-name").textContent = st.guild.name;
  const select = $("member");
  select.replaceChildren(...st.members.map((m) => {
    const option = el("option", "", m.name);
    option.value = m.id;
    option.selected = m.id === st.me;
    return option;
  }));
  const list = $("channels");
  list.replaceChildren(...st.channels.map((c) => channelItem(c.id, `# ${c.name}`)));
  $("dms").replaceChildren(channelItem("dm", `@ ${st.bot.name}`));
}

function channelItem(id, label) {
  const item = el("li");
  const button = el("button", id === S.channel ? "current" : "", label);
  button.type = "button";
  button.dataset.channel = id;
  button.addEventListener("click", () => { openChannel(id); closeSidebar(); });
  item.append(button);
  return item;
}

function markUnread(channelId) {
  const button = document.querySelector(`#sidebar [data-channel="${channelId}"]`);
  if (button && channelId !== S.channel) button.classList.add("unread");
}

async function openChannel(id) {
  S.channel = id;
  localStorage.setItem("tavolo-sandbox-channel", id);
  for (const button of document.querySelectorAll("#sidebar [data-channel]")) {
    button.classList.toggle("current", button.dataset.channel === id);
    if (button.dataset.channel === id) button.classList.remove("unread");
  }
  const channel = S.state.channels.find((c) => c.id === id);
  $("channel-name").textContent = channel ? `# ${channel.name}` : `@ ${S.state.bot.name}`;
  $("box").placeholder = channel
    ? `Message #${channel.name}: type / for a command`
    : `Message @${S.state.bot.name}: type / for a command`;
  // Live events that arrive while the channel loads are applied after it, in order.
  S.held = [];
  const log = $("messages");
  try {
    const messages = await get(`/api/messages?member=${S.me}&channel=${id}`);
    log.replaceChildren(...messages.map(renderMessage));
  } finally {
    const held = S.held || [];
    S.held = null;
    held.forEach(onEvent);
  }
  log.scrollTop = log.scrollHeight;
  S.commands = await get(`/api/commands?member=${S.me}&channel=${id}`).catch(() => []);
  suggest();
}

// ---------------------------------------------------------------- the live feed
function connect() {
  if (S.source) S.source.close();
  const source = new EventSource(`/api/events?member=${S.me}`);
  S.source = source;
  source.onmessage = (event) => onEvent(JSON.parse(event.data));
  // After a lost connection (the sandbox restarted), reload what was missed.
  let opened = false;
  source.onopen = () => {
    if (opened && S.channel) refreshMembers().then(() => openChannel(S.channel));
    opened = true;
  };
}

function inCurrent(message) {
  if (S.channel === "dm") return !S.state.channels.some((c) => c.id === message.channel_id);
  return message.channel_id === S.channel;
}

function onEvent(event) {
  if (S.held) { S.held.push(event); return; }
  if (event.kind === "members") { refreshMembers(); return; }
  const message = event.message;
  if (!inCurrent(message)) {
    const isGuild = S.state.channels.some((c) => c.id === message.channel_id);
    if (event.kind === "create") markUnread(isGuild ? message.channel_id : "dm");
    return;
  }
  const log = $("messages");
  const pinned = log.scrollHeight - log.scrollTop - log.clientHeight < 80;
  const old = log.querySelector(`[data-id="${message.id}"]`);
  if (event.kind === "delete") { if (old) old.remove(); return; }
  const node = renderMessage(message);
  if (old) old.replaceWith(node);
  else insertInOrder(log, node);
  if (pinned) log.scrollTop = log.scrollHeight;
}

function insertInOrder(log, node) {
  const id = BigInt(node.dataset.id);
  const later = [...log.children].find((child) => BigInt(child.dataset.id) > id);
  log.insertBefore(node, later || null);
}

async function refreshMembers() {
  S.state = await get(`/api/state?member=${S.me}`);
  renderSidebar();
  for (const button of document.querySelectorAll("#sidebar [data-channel]")) {
    button.classList.toggle("current", button.dataset.channel === S.channel);
  }
}

// ---------------------------------------------------------------- drawing a message
function nameOf(id) {
  if (!S.state) return id;
  if (S.state.bot.id === id) return S.state.bot.name;
  const member = S.state.members.find((m) => m.id === id);
  return member ? member.name : "someone";
}

function renderMessage(m) {
  const node = el("article", "msg");
  node.dataset.id = m.id;
  if (m.flags & 64) node.classList.add("ephemeral");
  const meta = m.interaction_metadata;
  if (meta && meta.type === 2 && meta.user) {
    const who = meta.user.global_name || meta.user.username;
    node.append(el("div", "used", `${who} used /${meta.name || "a command"}`));
  }
  const head = el("div", "head");
  const author = el("span", m.author.bot ? "author bot" : "author",
    m.author.global_name || m.author.username);
  head.append(author);
  if (m.author.bot) head.append(el("span", "tag", "APP"));
  head.append(el("time", "time", when(m.timestamp)));
  if (m.edited_timestamp) head.append(el("span", "edited", "(edited)"));
  node.append(head);
  if (m.flags & 128) node.append(el("div", "loading", `${author.textContent} is thinking…`));
  if (m.content) node.append(markdown(m.content, "content"));
  const pictures = (m.attachments || []).filter((a) => (a.content_type || "").startsWith("image/"));
  if (pictures.length) {
    const box = el("div", "pictures");
    for (const a of pictures) box.append(picture(a.url, a.description || a.filename));
    node.append(box);
  }
  for (const a of (m.attachments || []).filter((x) => !pictures.includes(x))) {
    const link = el("a", "file", a.filename);
    link.href = a.url;
    node.append(link);
  }
  for (const embed of m.embeds || []) node.append(renderEmbed(embed));
  node.append(...renderComponents(m.components || [], m));
  if (m.flags & 64) node.append(el("div", "note", "Only you can see this"));
  return node;
}

function when(stamp) {
  const date = new Date(stamp);
  return isNaN(date) ? "" : date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

function picture(url, alt) {
  const link = el("a");
  link.href = url;
  link.target = "_blank";
  const img = el("img");
  img.src = url;
  img.alt = alt || "";
  img.loading = "lazy";
  img.addEventListener("load", () => {
    const log = $("messages");
    if (log.scrollHeight - log.scrollTop - log.clientHeight < img.height + 120) {
      log.scrollTop = log.scrollHeight;
    }
  });
  link.append(img);
  return link;
}

function renderEmbed(e) {
  const box = el("div", "embed");
  if (e.color !== undefined && e.color !== null) {
    box.style.borderLeftColor = `#${e.color.toString(16).padStart(6, "0")}`;
  }
  if (e.author && e.author.name) box.append(el("div", "footer", e.author.name));
  if (e.title) box.append(el("div", "title", e.title));
  if (e.description) box.append(markdown(e.description, "content"));
  if (e.fields && e.fields.length) {
    const fields = el("div", "fields");
    for (const f of e.fields) {
      const field = el("div", f.inline ? "field" : "field wide");
      field.append(el("div", "field-name", f.name), markdown(f.value, "content"));
      fields.append(field);
    }
    box.append(fields);
  }
  if (e.image && e.image.url) box.append(picture(e.image.url, ""));
  if (e.thumbnail && e.thumbnail.url) box.append(picture(e.thumbnail.url, ""));
  if (e.footer && e.footer.text) box.append(el("div", "footer", e.footer.text));
  return box;
}

// Components: action rows with buttons and menus, and the layout components (version 2).
function renderComponents(list, m) {
  return list.map((c) => renderComponent(c, m)).filter(Boolean);
}

function renderComponent(c, m) {
  switch (c.type) {
    case 1: { const row = el("div", "row"); row.append(...renderComponents(c.components || [], m)); return row; }
    case 2: return renderButton(c, m);
    case 3: case 5: case 6: case 7: case 8: return renderSelect(c, m);
    case 9: {
      const section = el("div", "section");
      const texts = el("div", "texts");
      texts.append(...renderComponents(c.components || [], m));
      section.append(texts);
      if (c.accessory) section.append(renderComponent(c.accessory, m));
      return section;
    }
    case 10: return markdown(c.content || "", "content");
    case 11: { const t = el("div", "thumb"); t.append(picture(c.media.url, c.description)); return t; }
    case 12: {
      const g = el("div", "gallery");
      for (const item of c.items || []) g.append(picture(item.media.url, item.description));
      return g;
    }
    case 13: { const f = el("a", "file", (c.file && c.file.url) || "file"); f.href = c.file.url; return f; }
    case 14: return el("hr", c.divider === false ? "separator" : "separator line");
    case 17: {
      const box = el("div", "container");
      if (c.accent_color !== undefined && c.accent_color !== null) {
        box.style.borderLeftColor = `#${c.accent_color.toString(16).padStart(6, "0")}`;
      }
      box.append(...renderComponents(c.components || [], m));
      return box;
    }
    default: return null;
  }
}

const BUTTON_STYLES = { 1: "primary", 2: "secondary", 3: "success", 4: "danger", 5: "link" };

function renderButton(c, m) {
  const text = [c.emoji && c.emoji.name, c.label].filter(Boolean).join(" ");
  if (c.style === 5) {
    const link = el("a", "btn link", `${text} ↗`);
    link.href = c.url;
    link.target = "_blank";
    return link;
  }
  const button = el("button", `btn ${BUTTON_STYLES[c.style] || "secondary"}`, text);
  button.type = "button";
  button.disabled = Boolean(c.disabled);
  button.addEventListener("click", () =>
    attempt(() => act({ kind: "press", message: m.id, custom_id: c.custom_id }), button));
  return button;
}

function renderSelect(c, m) {
  const box = el("div", "select");
  const options = c.options || [];
  const chosen = new Set(options.filter((o) => o.default).map((o) => o.label));
  const multi = (c.max_values || 1) > 1;
  const toggle = el("button", "select-toggle");
  toggle.type = "button";
  toggle.disabled = Boolean(c.disabled);
  toggle.setAttribute("aria-haspopup", "listbox");
  const label = () => {
    const text = [...chosen].join(", ");
    toggle.textContent = text || c.placeholder || "Make a selection";
    toggle.classList.toggle("placeholder", !text);
  };
  label();
  const menu = el("div", "select-menu");
  menu.setAttribute("role", "listbox");
  menu.setAttribute("aria-label", c.placeholder || "Options");
  menu.setAttribute("aria-multiselectable", String(multi));
  menu.hidden = true;
  const send = () => attempt(() => act({
    kind: "choose", message: m.id, custom_id: c.custom_id, labels: [...chosen],
  }), toggle);
  for (const o of options) {
    const item = el("div", "option");
    item.setAttribute("role", "option");
    item.setAttribute("aria-selected", String(chosen.has(o.label)));
    if (multi) item.append(el("span", "box"));
    const words = el("span", "", [o.emoji && o.emoji.name, o.label].filter(Boolean).join(" "));
    if (o.description) words.append(el("small", "", o.description));
    item.append(words);
    item.addEventListener("click", () => {
      if (!multi) { chosen.clear(); chosen.add(o.label); menu.hidden = true; label(); send(); return; }
      if (chosen.has(o.label)) chosen.delete(o.label);
      else if (chosen.size < c.max_values) chosen.add(o.label);
      item.setAttribute("aria-selected", String(chosen.has(o.label)));
      label();
    });
    menu.append(item);
  }
  if (multi) {
    const done = el("button", "btn primary select-done", "Done");
    done.type = "button";
    done.addEventListener("click", () => {
      const low = c.min_values === undefined ? 1 : c.min_values;
      if (chosen.size < low) { toast(`Choose at least ${low}.`); return; }
      menu.hidden = true;
      send();
    });
    menu.append(done);
  }
  toggle.addEventListener("click", () => { menu.hidden = !menu.hidden; });
  box.append(toggle, menu);
  return box;
}

// A little of Discord's markdown: headings, subtext, quotes, lists, bold, italics, underline,
// strike-through, code, spoilers, links, mentions and timestamps.
function markdown(text, cls) {
  const box = el("div", cls);
  box.innerHTML = text.split("\n").map(line).join("\n");
  for (const spoiler of box.querySelectorAll(".spoiler")) {
    spoiler.addEventListener("click", () => spoiler.classList.add("shown"));
  }
  return box;
}

function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (ch) => ({
    "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;",
  })[ch]);
}

function line(raw) {
  let m;
  if ((m = raw.match(/^(#{1,3}) (.*)$/))) return `<h${m[1].length}>${inline(m[2])}</h${m[1].length}>`;
  if ((m = raw.match(/^-# (.*)$/))) return `<span class="subtext">${inline(m[1])}</span>`;
  if ((m = raw.match(/^> (.*)$/))) return `<blockquote>${inline(m[1])}</blockquote>`;
  if ((m = raw.match(/^(\s*)[-*] (.*)$/))) return `${m[1]}• ${inline(m[2])}`;
  return inline(raw);
}

function inline(raw) {
  const codes = [];
  let text = raw.replace(/`([^`]+)`/g, (_, code) => { codes.push(code); return `\u0000${codes.length - 1}\u0000`; });
  text = escapeHtml(text);
  text = text
    .replace(/&lt;@!?(\d+)&gt;/g, (_, id) => `<span class="mention${id === S.me ? " me" : ""}">@${escapeHtml(nameOf(id))}</span>`)
    .replace(/&lt;#(\d+)&gt;/g, (_, id) => {
      const channel = S.state && S.state.channels.find((c) => c.id === id);
      return `<span class="mention">#${escapeHtml(channel ? channel.name : "channel")}</span>`;
    })
    .replace(/&lt;t:(\d+)(?::([tTdDfFR]))?&gt;/g, (_, secs, style) => `<span class="mention">${stamp(Number(secs), style)}</span>`)
    .replace(/\[([^\]]+)\]\((https?:[^)\s]+)\)/g, '<a href="$2" target="_blank">$1</a>')
    .replace(/\*\*(.+?)\*\*/g, "<b>$1</b>")
    .replace(/__(.+?)__/g, "<u>$1</u>")
    .replace(/\*(?!\s)(.+?)\*/g, "<i>$1</i>")
    .replace(/(^|\W)_(?!\s)(.+?)_(?=\W|$)/g, "$1<i>$2</i>")
    .replace(/~~(.+?)~~/g, "<s>$1</s>")
    .replace(/\|\|(.+?)\|\|/g, '<span class="spoiler">$1</span>');
  return text.replace(/\u0000(\d+)\u0000/g, (_, i) => `<code>${escapeHtml(codes[Number(i)])}</code>`);
}

function stamp(secs, style) {
  const date = new Date(secs * 1000);
  if (style === "R") {
    const diff = (date - Date.now()) / 1000;
    const rtf = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
    const units = [["day", 86400], ["hour", 3600], ["minute", 60], ["second", 1]];
    for (const [unit, size] of units) {
      if (Math.abs(diff) >= size || unit === "second") return rtf.format(Math.round(diff / size), unit);
    }
  }
  if (style === "t" || style === "T") return date.toLocaleTimeString();
  if (style === "d" || style === "D") return date.toLocaleDateString();
  return date.toLocaleString();
}

// ---------------------------------------------------------------- modals
function openModal(modal) {
  const dialog = $("modal");
  $("modal-title").textContent = modal.title || "";
  const fields = $("modal-fields");
  fields.replaceChildren();
  const inputs = [];
  for (const row of modal.components || []) {
    const parts = row.type === 18 ? [{ ...row.component, label: row.label }] : row.components || [];
    for (const input of parts.filter((p) => p.type === 4)) {
      const label = el("label", "", input.label || input.custom_id);
      const field = el(input.style === 2 ? "textarea" : "input");
      field.value = input.value || "";
      field.placeholder = input.placeholder || "";
      field.required = input.required !== false;
      if (input.max_length) field.maxLength = input.max_length;
      label.append(field);
      fields.append(label);
      inputs.push([input.custom_id, field]);
    }
  }
  $("modal-form").onsubmit = (event) => {
    event.preventDefault();
    const values = Object.fromEntries(inputs.map(([id, field]) => [id, field.value]));
    dialog.close();
    attempt(() => act({ kind: "modal", modal: modal.key, values }));
  };
  $("modal-cancel").onclick = () => dialog.close();
  dialog.showModal();
}

// ---------------------------------------------------------------- the message box
function parse(text) {
  if (!text.startsWith("/")) return null;
  const typed = text.slice(1);
  const command = [...S.commands]
    .sort((a, b) => b.path.length - a.path.length)
    .find((c) => typed === c.path || typed.startsWith(c.path + " "));
  if (!command) return { typed };
  const rest = typed.slice(command.path.length);
  const names = command.options.map((o) => o.name).join("|");
  const pairs = [];
  if (names) {
    const re = new RegExp(`(?:^|\\s)(${names}):`, "g");
    let found;
    const marks = [];
    while ((found = re.exec(rest))) marks.push([found[1], found.index + found[0].length]);
    marks.forEach(([name, from], i) => {
      const to = i + 1 < marks.length ? marks[i + 1][1] - marks[i + 1][0].length - 1 : rest.length;
      pairs.push([name, rest.slice(from, to)]);
    });
  }
  return { typed, command, rest, pairs };
}

function optionsOf(parsed) {
  const values = {};
  for (const [name, raw] of parsed.pairs) {
    const value = raw.trim();
    const picked = S.picked[name];
    values[name] = picked && picked.name === value ? String(picked.value) : value;
  }
  return values;
}

async function suggest() {
  const text = $("box").value;
  const parsed = parse(text);
  const ticket = ++S.completion;
  let items = [];
  if (!parsed) items = [];
  else if (!parsed.command) {
    items = S.commands.filter((c) => c.path.startsWith(parsed.typed.trimStart()))
      .map((c) => ({ label: `/${c.path}`, hint: c.description, fill: `/${c.path} ` }));
  } else {
    const last = parsed.pairs[parsed.pairs.length - 1];
    const typingValue = last && !/\s$/.test(parsed.rest) || (last && last[1] === "");
    if (typingValue && last) {
      const [name, raw] = last;
      const option = parsed.command.options.find((o) => o.name === name);
      const base = text.slice(0, text.length - raw.length);
      let choices = option.choices || [];
      if (option.autocomplete) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        if (ticket !== S.completion) return;
        const answer = await act({
          kind: "autocomplete", channel: S.channel, command: parsed.command.path,
          option: name, options: optionsOf(parsed),
        }).catch((error) => { toast(error.message); return { choices: [] }; });
        if (ticket !== S.completion) return;
        choices = answer.choices || [];
      } else {
        const needle = raw.trim().toLowerCase();
        choices = choices.filter((c) => c.name.toLowerCase().includes(needle));
      }
      items = choices.map((c) => ({
        label: c.name, fill: `${base}${c.name} `, pick: [name, c],
      }));
      if (!items.length) items = [{ heading: `${name}: ${option.description || ""}` }];
    } else {
      const given = new Set(parsed.pairs.map(([name]) => name));
      const left = parsed.command.options.filter((o) => !given.has(o.name));
      const ending = /\s$/.test(text) ? "" : " ";
      items = left.map((o) => ({
        label: `${o.name}:`, hint: `${o.required ? "required · " : ""}${o.description || ""}`,
        fill: `${text}${ending}${o.name}:`,
      }));
      if (items.length) items.unshift({ heading: `/${parsed.command.path}: ${parsed.command.description}` });
    }
  }
  if (ticket !== S.completion) return;
  showSuggestions(items);
}

function showSuggestions(items) {
  S.suggestions = items;
  S.active = items.findIndex((i) => !i.heading);
  const list = $("suggestions");
  list.replaceChildren(...items.map((item, index) => {
    const li = el("li", item.heading ? "heading" : "", item.heading || item.label);
    if (!item.heading) {
      li.setAttribute("role", "option");
      if (item.hint) li.append(el("small", "", item.hint));
      li.addEventListener("mousedown", (event) => { event.preventDefault(); pick(index); });
    }
    return li;
  }));
  list.hidden = !items.length;
  highlight();
}

function highlight() {
  [...$("suggestions").children].forEach((li, i) => li.classList.toggle("active", i === S.active));
}

function pick(index) {
  const item = S.suggestions[index];
  if (!item || item.heading) return;
  if (item.pick) S.picked[item.pick[0]] = item.pick[1];
  $("box").value = item.fill;
  $("box").focus();
  suggest();
}

async function send() {
  const text = $("box").value.trim();
  if (!text) return;
  const parsed = parse(text);
  if (!parsed) { toast("The sandbox sends slash commands only: type / to see them."); return; }
  if (!parsed.command) { toast(`There is no command ${text.split(" ")[0]}.`); return; }
  const options = optionsOf(parsed);
  const missing = parsed.command.options.filter((o) => o.required && !options[o.name]);
  if (missing.length) { toast(`Fill in ${missing.map((o) => o.name).join(", ")}.`); return; }
  $("box").value = "";
  S.picked = {};
  showSuggestions([]);
  await attempt(() => act({
    kind: "slash", channel: S.channel, command: parsed.command.path, options,
  }));
}

function onKey(event) {
  const open = !$("suggestions").hidden && S.suggestions.some((i) => !i.heading);
  const step = (delta) => {
    let i = S.active;
    do { i = (i + delta + S.suggestions.length) % S.suggestions.length; } while (S.suggestions[i].heading);
    S.active = i;
    highlight();
  };
  if (open && event.key === "ArrowDown") { event.preventDefault(); step(1); }
  else if (open && event.key === "ArrowUp") { event.preventDefault(); step(-1); }
  else if (open && event.key === "Tab") { event.preventDefault(); pick(S.active); }
  else if (event.key === "Enter") {
    event.preventDefault();
    // Enter completes a command's name or an option's value; otherwise it sends.
    const parsed = parse($("box").value);
    const item = S.suggestions[S.active];
    if (open && item && (!parsed || !parsed.command || item.pick)) pick(S.active);
    else send();
  } else if (event.key === "Escape") showSuggestions([]);
}

// ---------------------------------------------------------------- wiring
function closeSidebar() { $("sidebar").classList.remove("open"); $("scrim").hidden = true; }

$("box").addEventListener("input", suggest);
$("box").addEventListener("keydown", onKey);
$("box").addEventListener("blur", () => setTimeout(() => { $("suggestions").hidden = true; }, 150));
$("box").addEventListener("focus", suggest);
$("composer").addEventListener("submit", (event) => { event.preventDefault(); send(); });
$("member").addEventListener("change", (event) => chooseMember(event.target.value));
$("add-member").addEventListener("click", (event) => attempt(async () => {
  const member = await fetch("/api/members", { method: "POST" }).then((r) => r.json());
  await chooseMember(member.id);
}, event.currentTarget));
$("menu").addEventListener("click", () => { $("sidebar").classList.add("open"); $("scrim").hidden = false; });
$("scrim").addEventListener("click", closeSidebar);
document.addEventListener("click", (event) => {
  for (const menu of document.querySelectorAll(".select-menu:not([hidden])")) {
    if (!menu.parentElement.contains(event.target)) menu.hidden = true;
  }
});
chooseMember(S.me);
