# Le catalogue français d'atomicd : chaque ligne que lit un utilisateur,
# par identifiant (les identifiants et les variables sont ceux de en.ftl,
# qui dit ce que chacun veut dire). Un message absent d'ici est pris en
# anglais. Les lignes que lisent les programmes (marquées « GUI » dans
# en.ftl) restent en anglais pour eux ; la traduction ne change que ce
# que lisent les personnes.

## Réglages.

# Déjà en français avant le catalogue (set lang fr).
set-lang-fr = Langue : français.
