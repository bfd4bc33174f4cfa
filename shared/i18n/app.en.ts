// The installable app: the offline page, the install banner, the "Get the app" guide
// (/install) and the app's start screen (/_app).
export const appEn = {
  // The offline page (/offline, /ar/offline), shown by the service worker when a page cannot be fetched
  app_offline_body: 'This page needs an internet connection. Check your Wi-Fi or mobile data, then try again.',
  app_offline_auto: 'The page reloads by itself once you are back online.',

  // The install banner, after a real sign of interest (never on the first page of a visit)
  app_install_title: 'Install the Gulf Vitamins app',
  app_install_body: 'Open the shop from your home screen and follow your orders in one tap.',
  app_install_action: 'Install',
  app_install_dismiss: 'Not now',
  app_install_label: 'Install the app',

  // The guide (/install)
  app_guide_intro:
    'Add Gulf Vitamins to your home screen: it opens like an app, full screen, and can tell you when an order ships or a product is back in stock.',
  app_guide_ios_title: 'On iPhone and iPad',
  app_guide_ios_note:
    'On iPhone and iPad, notifications work only for sites added to the home screen (iOS 16.4 or later), so add it first.',
  app_guide_ios_step_share: 'Open this site in Safari and tap the Share button: the square with an arrow pointing up.',
  app_guide_ios_step_add: 'Scroll the list down, tap “Add to Home Screen”, then tap “Add”.',
  app_guide_ios_step_open: 'Open Gulf Vitamins from its new icon on your home screen.',
  app_guide_ios_step_notify:
    'In the app, allow notifications when you follow a product or a list, so we can tell you the moment it is back.',
  app_guide_figure_share: 'Safari’s toolbar with the Share button highlighted',
  app_guide_figure_add: 'The Share menu with “Add to Home Screen” highlighted',
  app_guide_figure_open: 'The home screen with the Gulf Vitamins icon',
  app_guide_figure_notify: 'A notifications switch turned on',
  app_guide_android_title: 'On Android',
  app_guide_android_body:
    'In Chrome, tap the menu (three dots) and choose “Install app” or “Add to Home screen”. Chrome may also offer it at the bottom of the screen.',
  app_guide_desktop_title: 'On a computer',
  app_guide_desktop_body:
    'In Chrome or Edge, click the install icon at the end of the address bar, or open the browser’s menu and choose “Install Gulf Vitamins”.',
  app_guide_installed: 'Already installed? Open Gulf Vitamins from your home screen or app list.',

  // The app's start screen (/_app)
  app_start_greeting: 'What are you looking for today?',
  app_start_search_label: 'Search vitamins, supplements and brands',
  app_start_search_placeholder: 'Vitamin D, omega 3, magnesium…',
  app_start_search_button: 'Search',
  app_start_quick_title: 'Quick links',
  app_start_browse_home: 'Go to the shop’s home page',
} as const;
