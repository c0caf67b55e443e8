"""Muster's Discord front end: tables, store, panels, i18n, local play."""
