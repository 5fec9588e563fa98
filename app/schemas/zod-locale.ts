import { z } from "zod";
import * as messages from "~/messages";

/**
 * zod's own messages are English: a list sent where a text is expected, a file for a name, a
 * type the form never sends. Each schema states its pt-BR messages for what a user can get
 * wrong; this is what zod says for the rest, which only a hand-made post can reach. Imported for
 * its effect by entry.server, so every answer of the server speaks it; the browser validates the
 * page's own forms only, and stays without it (zod's core would join every page's JavaScript).
 */
z.config({ localeError: () => messages.formPost.invalidValue });
