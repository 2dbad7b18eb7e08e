# Le catalogue français d'atomicd : chaque ligne que lit un utilisateur,
# par identifiant (les identifiants et les variables sont ceux de en.ftl,
# qui dit ce que chacun veut dire). Un message absent d'ici est pris en
# anglais. Les lignes que lisent les programmes (marquées « GUI » dans
# en.ftl) restent en anglais pour eux ; la traduction ne change que ce
# que lisent les personnes.

## Réglages.

# Déjà en français avant le catalogue (set lang fr).
set-lang-fr = Langue : français.

## Mots placés dans d'autres lignes.

word-rated = classée
word-unrated = amicale

## Connexion.

login-kicking = **** {$name} est déjà connecté : son ancienne session est fermée. ****
login-starting = **** Début de la session FICS de {$name} ****
messages-new = Vous avez {$n} { $n ->
    [one] nouveau message
   *[other] nouveaux messages
}.
kick-logged-in-elsewhere = **** {$name} vient d'arriver : vous ne pouvez pas être connectés deux fois. ****
kick-idle = **** Déconnexion automatique : vous êtes resté inactif plus de {$duration}. ****
kick-nuked = **** {$by} vous a expulsé ! ****
kick-banned = **** {$by} vous a banni de ce serveur. ****
duration-minutes = {$n} { $n ->
    [one] minute
   *[other] minutes
}
duration-seconds = {$n} { $n ->
    [one] seconde
   *[other] secondes
}
not-logged-in = Vous n'êtes pas connecté.

## Arrivées et départs.

pin-connected = [{$name} s'est connecté.]
pin-disconnected = [{$name} s'est déconnecté.]
pin-connected-addr = [{$name} ({$kind} : {$addr}) s'est connecté.]
pin-disconnected-addr = [{$name} ({$kind} : {$addr}) s'est déconnecté.]
notify-arrived = Notification : {$name} est arrivé.
notify-departed = Notification : {$name} est parti.
notify-present = Sont présents : {$names}.
notify-noted = Votre arrivée a été remarquée par : {$names}.

## Noms et parties.

name-not-logged-in = Aucun utilisateur nommé « {$name} » n'est connecté.
name-ambiguous = Nom ambigu « {$name} ». Correspondances : {$matches}
player-not-logged-in = {$name} n'est pas connecté.
not-playing = Vous ne jouez pas de partie.
opponent-not-here = Votre adversaire n'est pas là.
game-neither = Vous ne jouez ni n'observez de partie.
game-no-such = Cette partie n'existe pas.
game-player-not-playing = {$name} ne joue pas de partie.
game-header = Partie {$no} : {$white} ({$white_rating}) {$black} ({$black_rating}) { $rated ->
    [rated] classée
   *[unrated] amicale
} atomique {$minutes} {$inc}

## Début d'une partie.

game-creating = Création : {$white} ({$white_rating}) {$black} ({$black_rating}) {$rated} atomique {$minutes} {$inc}
game-creating-adjourned = Création : {$white} ({$white_rating}) {$black} ({$black_rating}) {$rated} atomique {$minutes} {$inc} (ajournée)
game-begins-created = {"{"}Partie {$no} ({$white} contre {$black}) Création d'une partie atomique {$rated}.{"}"}
game-begins-continued = {"{"}Partie {$no} ({$white} contre {$black}) Reprise d'une partie atomique {$rated}.{"}"}

## Fin d'une partie.

game-end-line = {"{"}Partie {$no} ({$white} contre {$black}) {$reason}{"}"} {$result}
rating-none = Pas de changement de classement.
rating-adjustment = Classement atomique : {$old} --> {$new}
end-king-exploded = le roi de {$loser} a explosé
end-checkmated = {$loser} est mat
end-stalemate = Partie nulle par pat
end-no-material = Aucun des joueurs n'a de quoi mater
end-resigned = {$loser} abandonne
end-flagged = {$loser} perd au temps
end-flagged-no-material = {$loser} n'a plus de temps et {$winner} n'a pas de quoi mater
end-draw-agreed = Partie nulle d'un commun accord
end-abort-agreed = Partie annulée d'un commun accord
end-adjourn-agreed = Partie ajournée d'un commun accord
end-repetition = Partie nulle par répétition
end-fifty-moves = Partie nulle par la règle des 50 coups
end-aborted-move-1 = Partie annulée au premier coup
end-disconnected = {$loser} perd par déconnexion
end-lost-connection-aborted = {$who} a perdu la connexion ; partie annulée
end-both-lost-connection = Les deux joueurs ont perdu la connexion ; partie annulée
end-lost-connection-adjourned = {$who} a perdu la connexion ; partie ajournée
end-adjudicated-win = {$winner} gagne par arbitrage
end-adjudicated-draw = Partie nulle par arbitrage
end-adjudicated-abort = Partie annulée par arbitrage
end-shutdown-adjourned = Partie ajournée par l'arrêt du serveur
end-shutdown-aborted = Partie annulée par l'arrêt du serveur
result-not-saved = Avis : le résultat de la partie {$no} ({$white} contre {$black}) ne peut pas encore être enregistré : le serveur ne peut pas écrire dans sa base de données. Il est gardé et sera enregistré dès que possible.
adjudicated-stored = {$by} a arbitré votre partie ajournée contre {$opponent} : {$reason} {$result}

## Jouer.

move-not-your-turn = Ce n'est pas à vous de jouer.
move-illegal = Coup illégal ({$text}).
move-ambiguous = Coup ambigu ({$text}).
move-not-a-move = Ce n'est pas un coup.
adjourn-needs-registered = Seules les parties entre joueurs inscrits peuvent être ajournées ; utilisez « abort ».
takeback-too-many = Il n'y a que {$plies} demi-coups à reprendre.
flag-untimed = Une partie sans pendule ne se perd pas au temps.
flag-too-early = Vous ne pouvez pas réclamer le temps avant que les deux joueurs aient joué.
flag-too-early-abort = Utilisez plutôt « abort ».
flag-not-out = Votre adversaire a encore du temps !
moretime-range = Vous pouvez ajouter de 1 à 36000 secondes.
moretime-added = {$secs} secondes ont été ajoutées à la pendule de votre adversaire
moretime-given = Votre adversaire a ajouté {$secs} secondes à votre pendule.
moretime-untimed = Une partie sans pendule ne reçoit pas de temps.
time-clock = { $side ->
    [white] Blancs
   *[black] Noirs
} ({$name}) : {$mins} min, {$secs} s
promote-set = Pièce de promotion : { $piece ->
    [QUEEN] DAME
    [ROOK] TOUR
    [BISHOP] FOU
   *[KNIGHT] CAVALIER
}.

## Délai de reconnexion.

grace-waiting = Partie {$no} : {$name} a perdu la connexion. Les pendules sont arrêtées ; la partie attend {$secs} secondes le retour de {$name}.
grace-back-waiting = Partie {$no} : {$name} est de retour ; les pendules restent arrêtées jusqu'au retour des deux joueurs.
grace-back = Partie {$no} : {$name} est de retour ; la partie continue.

## Offres.

noun-match-offer = proposition de partie
noun-match-request = demande de partie
noun-draw-request = proposition de nulle
noun-abort-request = demande d'annulation
noun-adjourn-request = demande d'ajournement
noun-takeback-request = demande de reprise
verb-accepts = accepte
verb-declines = refuse
verb-withdraws = retire
verb-updates = modifie
offer-answered = {$by} {$verb} la {$noun}.
offer-declined-seen = Partie {$game} : {$by} refuse la {$noun}.
offer-draw-to-you = {$from} vous propose la nulle.
offer-abort-to-you = {$from} voudrait annuler la partie ; tapez « abort » pour accepter.
offer-adjourn-to-you = {$from} voudrait ajourner la partie ; tapez « adjourn » pour accepter.
offer-takeback-to-you = {$from} voudrait reprendre {$plies} demi-coup(s).
offer-draw-seen = Partie {$game} : {$from} propose la nulle.
offer-abort-seen = Partie {$game} : {$from} demande l'annulation de la partie.
offer-adjourn-seen = Partie {$game} : {$from} demande l'ajournement de la partie.
offer-takeback-seen = Partie {$game} : {$from} demande à reprendre {$plies} demi-coup(s).
offer-sent-draw = Proposition de nulle envoyée.
offer-sent-abort = Demande d'annulation envoyée.
offer-sent-adjourn = Demande d'ajournement envoyée.
offer-sent-takeback = Demande de reprise envoyée.
offer-you-accept = Vous acceptez la { $kind ->
    [match] proposition de partie
    [draw] proposition de nulle
    [abort] demande d'annulation
    [adjourn] demande d'ajournement
   *[takeback] demande de reprise
} de {$name}.
offer-you-decline = Vous refusez la { $kind ->
    [match] proposition de partie
    [draw] proposition de nulle
    [abort] demande d'annulation
    [adjourn] demande d'ajournement
   *[takeback] demande de reprise
} de {$name}.
offer-you-withdraw = Vous retirez la { $kind ->
    [match] proposition de partie
    [draw] proposition de nulle
    [abort] demande d'annulation
    [adjourn] demande d'ajournement
   *[takeback] demande de reprise
} faite à {$name}.
accept-while-playing = Vous ne pouvez pas accepter un défi pendant une partie.
offer-none-to = Vous n'avez aucune offre à traiter (« {$verb} »).
offer-none-made = Vous n'avez fait aucune offre en attente.
offer-several = Vous avez plus d'une offre (« {$verb} »).
offer-several-how = Tapez « pending » pour les voir et « {$verb} n » pour en choisir une.
offer-out-of-range = Hors limites. Tapez « pending » pour voir la liste des offres.
offer-no-kind = Aucune offre de type {$kind} (« {$verb} »).
offer-several-kind = Vous avez plus d'une offre de type {$kind} ; utilisez « {$verb} n ».
offer-none-from-name = Aucune offre en attente de {$name}.
offer-none-to-name = Aucune offre en attente faite à {$name}.
offer-several-name = Vous avez plus d'une offre avec {$name} ; utilisez « {$verb} n ».
offer-already-match = Vous proposez déjà une partie : {$text}.
offer-already-draw = Vous proposez déjà la nulle.
offer-already-abort = Vous demandez déjà l'annulation de la partie.
offer-already-adjourn = Vous demandez déjà l'ajournement.
offer-already-takeback = Vous demandez déjà la reprise des {$plies} derniers demi-coups.

## pending

pending-none-to = Aucune offre en attente faite à d'autres joueurs.
pending-to-header = Offres faites à d'autres joueurs :
pending-to-match = {" "}{$id} : vous proposez à {$name} une partie : {$text}.
pending-to-draw = {" "}{$id} : vous proposez la nulle à {$name}.
pending-to-abort = {" "}{$id} : vous proposez à {$name} d'annuler la partie.
pending-to-adjourn = {" "}{$id} : vous proposez à {$name} d'ajourner la partie.
pending-to-takeback = {" "}{$id} : vous proposez à {$name} de reprendre les {$plies} derniers demi-coups.
pending-to-how = Pour retirer une de ces offres, tapez « withdraw n »
pending-to-how-only = ou simplement « withdraw » s'il n'y en a qu'une.
pending-none-from = Aucune offre en attente venant d'autres joueurs.
pending-from-header = Offres venant d'autres joueurs :
pending-from-match = {" "}{$id} : {$name} propose une partie : {$text}.
pending-from-draw = {" "}{$id} : {$name} propose la nulle.
pending-from-abort = {" "}{$id} : {$name} propose d'annuler la partie.
pending-from-adjourn = {" "}{$id} : {$name} propose d'ajourner la partie.
pending-from-takeback = {" "}{$id} : {$name} propose de reprendre les {$plies} derniers demi-coups.
pending-from-how = Pour accepter une de ces offres, tapez « accept n »
pending-from-how-only = ou simplement « accept » s'il n'y en a qu'une.

## match

challenge-line = Défi : {$text}.
challenge-issuing = Défi envoyé : {$text}.
challenge-computer = --** {$name} est un ordinateur **--
challenge-position = La partie part de cette position : {$fen}
challenge-answer = Vous pouvez accepter (« accept »), refuser (« decline ») ou proposer d'autres conditions.
challenge-intercepts = Votre défi croise celui de {$name}.
challenge-declining-theirs = Refus de l'offre de {$name} et nouvelle proposition.
challenge-updating = Mise à jour de l'offre déjà faite à « {$name} ».
challenge-while-playing = Vous ne pouvez pas lancer de défi pendant une partie.
rating-preview = Votre classement atomique changera :  gain : {$win},  nulle : {$draw},  perte : {$loss}
rating-preview-rd = Votre nouvel écart (RD) sera {$rd}
match-position-decided = Cette position est déjà décidée ; il n'y a pas de partie à jouer.
match-position-unrated = Les parties depuis une position construite sont amicales.
match-from-examined = La partie partira de la position que vous examinez.
refuse-gone = Ce joueur est parti.
refuse-self-match = Vous ne pouvez pas vous défier vous-même.
refuse-not-open = Le joueur « {$name} » n'accepte pas de défis.
refuse-censored = {$name} vous censure.
refuse-noplay = Vous êtes sur la liste noplay de {$name}.
refuse-playing = {$name} joue une partie.
refuse-rated-registration = Seuls les joueurs inscrits peuvent jouer des parties classées.
refuse-formula = La demande ne correspond pas à la formule de {$owner} :
refuse-formula-text = Formule de {$owner} : {$formula}

## Annonces (seek).

seek-ad = {$name} ({$rating}) cherche une partie {$minutes} {$inc} {$rated} atomique{$flags} (« play {$index} » pour répondre)
seeks-removed = Annonces retirées : {$list}
seek-while-playing = Vous ne pouvez pas lancer d'annonce pendant une partie.
seek-same = Vous avez déjà une annonce active avec les mêmes conditions.
seek-range-updated = Annonce {$index} mise à jour ; fourchette de classement : {$low}-{$high}.
seek-too-many = Vous ne pouvez avoir que {$n} annonces actives.
seek-matches = Votre annonce correspond à celle de {$name}.
seek-posted = Votre annonce est publiée sous le numéro {$index}.
seek-seen = ({$n} joueur(s) ont vu l'annonce.)
seek-manual = Défi envoyé, car l'annonce est en mode manuel.
seek-accepted = {$name} accepte votre annonce.
seek-set-unrated = L'annonce devient amicale.
play-several-seeks = {$name} a plusieurs annonces ; utilisez « play N ».
play-not-available = Cette annonce n'est pas disponible.
play-own-seek = ERREUR : vous ne pouvez pas répondre à vos propres annonces
play-while-playing = Vous ne pouvez pas répondre pendant une partie.
play-out-of-range = Votre classement n'entre pas dans la fourchette de cette annonce.
sought-count = { $n ->
    [one] {$n} annonce affichée.
   *[other] {$n} annonces affichées.
}
unseek-no-such = Vous n'avez pas d'annonce {$index}.
unseek-none = Vous n'avez aucune annonce active.
unseek-one = Votre annonce {$index} est retirée.
unseek-all = Vos annonces sont retirées.

## Observer.

observe-started = Vous observez maintenant la partie {$no}.
observe-removed = La partie {$no} est retirée de la liste d'observation.
observe-own-game = Vous jouez la partie {$no}.
observe-examining = Vous examinez la partie {$no}.
observe-already = Vous observez déjà la partie {$no}.
unobserve-not = Vous n'observez pas la partie {$no}.
unobserve-none = Vous n'observez aucune partie.
kibitz-registered-only = Seuls les joueurs inscrits peuvent commenter les parties des autres.
whisper-registered-only = Seuls les joueurs inscrits peuvent chuchoter dans les parties des autres.
kibitzed-to = (commentaire envoyé à {$n} joueur(s))
whispered-to = (chuchoté à {$n} joueur(s))

## Parler.

talk-slow-down = Ralentissez, s'il vous plaît.
muzzled = Vous êtes bâillonné.
tell-no-previous = Pas de message précédent.
tell-heard = {$name} vous dit : {$text}
tell-not-listening = Le joueur « {$name} » n'écoute pas les messages des non-inscrits.
tell-no-such-player = Aucun joueur ne correspond au nom {$name}.
told = (dit à {$name})
told-playing = (dit à {$name}, qui joue)
told-idle = (dit à {$name}, inactif depuis {$idle})
say-nobody = Je ne sais pas à qui le dire.
say-heard = {$name}{$game} dit : {$text}
shout-heard = {$name} crie : {$text}
shouted-to = (crié à {$n} joueur(s))
shout-ready = Votre prochain cri est disponible.
channel-max = Le plus grand numéro de canal est 255.
channel-no-previous = Pas de canal précédent.
channel-not-member = (Non envoyé : vous n'êtes pas dans le canal {$channel}.)
channel-told = (dit à {$n} joueur(s) du canal {$title})
channel-join-admins = Seuls les administrateurs peuvent rejoindre le canal {$channel}.
channel-talk-admins = Seuls les administrateurs peuvent parler dans le canal {$channel}.
channel-guests-only = Les invités ne peuvent parler que dans les canaux {$channels}.

## La ligne de commande.

usage = Usage : {$syntax}
command-not-found = {$word} : commande inconnue.
command-ambiguous = Commande ambiguë « {$word} ». Correspondances : {$matches}
not-playing-or-examining = Vous ne jouez ni n'examinez de partie.
line-too-long = Votre ligne était trop longue ; elle est ignorée.
budget-slow-down = Ralentissez : vos commandes s'exécutent à {$rate} par seconde ; les autres suivent à leur tour.

## set

set-lang-en = Language set to English.
set-style-1 = Style 1 choisi.
set-style-12 = Style 12 choisi.
set-value = {$name} vaut maintenant {$value}.
set-unset = {$name} effacé.
set-note = Note {$n} enregistrée.
set-note-cleared = Note {$n} effacée.
set-open-on = Vous acceptez maintenant les défis.
set-open-off = Vous n'acceptez plus les défis.
set-bell-on = Vous entendrez les bips.
set-bell-off = Vous n'entendrez plus les bips.
set-seek-on = Vous verrez les annonces.
set-seek-off = Vous ne verrez plus les annonces.
set-shout-on = Vous entendrez les cris.
set-shout-off = Vous n'entendrez plus les cris.
set-pin-on = Vous verrez les connexions et déconnexions.
set-pin-off = Vous ne verrez plus les connexions et déconnexions.
set-flip-on = Échiquier retourné.
set-flip-off = Échiquier remis à l'endroit.

## who et finger.

who-count = {" "}{$n} { $n ->
    [one] joueur affiché
   *[other] joueurs affichés
} (sur {$total}). (*) désigne un administrateur.
finger-header = Fiche de {$name} :
finger-on-for = Connecté depuis : {$on}   Inactif : {$idle}
finger-playing = (joue la partie {$no} : {$white} contre {$black})
finger-not-registered = {$name} n'est PAS un joueur inscrit.
finger-no-rated-games = {$name} n'a joué aucune partie classée.
finger-computer = {$name} est un ordinateur.
finger-timeseal-on = Timeseal 1 : oui
finger-timeseal-off = Timeseal 1 : non
finger-interface = Interface  : {$interface}
finger-last-disconnected = Dernière déconnexion : {$date}
finger-never-connected = {$name} ne s'est jamais connecté.

## messages

messages-guests = Les joueurs non inscrits ne peuvent ni envoyer ni recevoir de messages.
messages-none = Vous n'avez aucun message.
messages-header = Messages :
messages-no-such = Ce message n'existe pas.
messages-none-from = Vous n'avez aucun message de {$name}.
messages-from-header = Messages de {$name} :
message-too-long = Votre message est trop long ; un message fait au plus {$max} caractères.
message-unregistered = Le joueur « {$name} » n'est pas inscrit et ne peut pas recevoir de messages.
message-sent-to = Ce message a été envoyé à {$name} :
message-received = Vous avez reçu ce message :
message-box-full = La boîte aux lettres de {$name} est pleine.
messages-cleared = { $n ->
    [one] {$n} message effacé.
   *[other] {$n} messages effacés.
}

## history et journal

history-none = Aucune partie dans l'historique de {$name}.
history-header = Historique de {$name} :
history-no-such-game = {$name} n'a pas de partie {$n} dans son historique.
journal-registered-only = Seuls les joueurs inscrits peuvent tenir un journal.
journal-letters = Les entrées du journal sont désignées par une seule lettre.
journal-empty = Le journal de {$name} est vide.
journal-header = Journal de {$name} :
journal-private = Désolé, ce journal est privé.
journal-deleted = Entrée {$slot} du journal effacée.
journal-no-entry = Vous n'avez pas d'entrée {$slot} dans votre journal.
database-unavailable = La base de données n'est pas disponible ; réessayez plus tard.

## Listes et canaux.

list-notify-self = Vous ne pouvez pas vous ajouter à votre propre liste notify.
list-notify-unregistered = Vous ne pouvez pas ajouter un joueur non inscrit à votre liste notify.
list-already-on = {""}[{$name}] est déjà sur votre liste {$list}.
list-full = Désolé, votre liste {$list} est pleine.
list-added = {""}[{$name}] ajouté à votre liste {$list}.
channel-members = Canal {$title} : {$names}
channel-empty = Le canal {$title} est vide.

## Divers.

uptime-since = Le serveur fonctionne depuis le {$date} UTC.
uptime-for = (En service depuis {$duration})
games-count = {"  "}{ $n ->
    [one] {$n} partie affichée.
   *[other] {$n} parties affichées.
}
exam-already = Vous examinez déjà une partie.
exam-while-playing = Vous jouez une partie.
exam-not-examining = Vous n'examinez aucune partie.
exam-you-stopped = Vous n'examinez plus la partie {$no}.
set-no-such = Pas de variable « {$name} ».
set-ambiguous = Variable ambiguë « {$name} ».
server-shutting-down = Le serveur s'arrête.
shutdown-canceled = {"    "}**** Arrêt du serveur annulé par {$by}. ****
shutdown-in-minutes = {"    "}**** Arrêt du serveur dans {$n} { $n ->
    [one] minute
   *[other] minutes
}. ****
shutdown-in-seconds = {"    "}**** Arrêt du serveur dans {$n} { $n ->
    [one] seconde
   *[other] secondes
}. ****

## help
help-type-help-for-the-list = Tapez « help » pour la liste des sujets.
help-there-is-no-help-available = Il n'y a pas d'aide sur « {$topic} ».
help-ambiguous = Sujet d'aide ambigu « {$topic} ». Pages possibles : {$matches}
