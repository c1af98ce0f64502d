/** With MINI_APP_URL set, the bot's menu button (in every private chat) opens the web view as a Mini App. */
import type { Api } from 'grammy';

export const MINI_APP_BUTTON_TEXT = 'Journal';

/** A menu button, not a keyboard button: only the menu button and inline buttons hand the Mini App the user's data. */
export async function setMiniAppMenuButton(api: Api, url: string): Promise<void> {
  await api.setChatMenuButton({ menu_button: { type: 'web_app', text: MINI_APP_BUTTON_TEXT, web_app: { url } } });
}
