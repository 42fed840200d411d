"""Austrian Preference with the unlimited pot (неограниченный котёл, the first pot method of the pagat page).

The pot starts empty, every dealer adds 10, and the declarer plays for the whole pot: he takes it, pays a
tenth of it per defender's trick, and a failure costs him twice the pot and a short defender once the pot
(AUT-POT-02..06). That is only a different ``pot.method`` in ``preset.toml``; this plugin implements no hook.
"""
