# Le catalogue français d'atomicd : chaque ligne que lit un utilisateur,
# par identifiant (les identifiants et les variables sont ceux de en.ftl,
# qui dit ce que chacun veut dire). Un message absent d'ici est pris en
# anglais ; un test veut qu'il n'en manque aucun.
#
# Les lignes que lisent les programmes (marquées « GUI » dans en.ftl, la
# liste render::fics::GUI_PARSED) restent en anglais pour eux : la
# traduction ne change que ce que lisent les personnes, au telnet.
#
# Le vocabulaire est celui des pages d'aide françaises (data/help/fr) :
# partie, coup, demi-coup, pendule, cadence, cote, partie classée ou
# amicale, nulle, abandon, pat, défi (match), proposition de partie (seek),
# partie ajournée, canal, tournoi, ronde, exempt, forfait. Les commandes et
# les mots-clés que l'on tape restent tels quels (« accept », « observe 12 »,
# « rated »). En français, 0 et 1 sont au singulier.

## Mots placés dans d'autres lignes.

word-rated = classée
word-unrated = amicale
word-and = et
blank = {""}
raw = {$text}

## Durées et dates dans d'autres lignes.

span-days = {$days} { $days ->
    [one] jour
   *[other] jours
}, {$hours} h
span-hours = {$hours} h, {$mins} min
span-minutes = {$mins} min
span-seconds = {$secs} s
date-fics = { $wday ->
    [sun] dim.
    [mon] lun.
    [tue] mar.
    [wed] mer.
    [thu] jeu.
    [fri] ven.
   *[sat] sam.
} {$dayn} { $month ->
    [jan] janv.
    [feb] févr.
    [mar] mars
    [apr] avr.
    [may] mai
    [jun] juin
    [jul] juil.
    [aug] août
    [sep] sept.
    [oct] oct.
    [nov] nov.
   *[dec] déc.
} {$year} à {$time} UTC
date-ctime = { $wday ->
    [sun] dim.
    [mon] lun.
    [tue] mar.
    [wed] mer.
    [thu] jeu.
    [fri] ven.
   *[sat] sam.
} {$dayn} { $month ->
    [jan] janv.
    [feb] févr.
    [mar] mars
    [apr] avr.
    [may] mai
    [jun] juin
    [jul] juil.
    [aug] août
    [sep] sept.
    [oct] oct.
    [nov] nov.
   *[dec] déc.
} {$year} {$seconds}

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

## Arrivées et départs (set pin, set pinform, listes notify).

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
game-header = Partie {$no} : {$white} ({$white_rating}) {$black} ({$black_rating}), atomique { $rated ->
    [rated] classée
   *[unrated] amicale
} {$minutes} {$inc}

## Début d'une partie.

game-creating = Création : {$white} ({$white_rating}) {$black} ({$black_rating}) partie {$variant ->
    [atomic960] atomique 960
   *[other] atomique
} {$rated} {$minutes} {$inc}
game-creating-adjourned = Reprise : {$white} ({$white_rating}) {$black} ({$black_rating}) partie {$variant ->
    [atomic960] atomique 960
   *[other] atomique
} {$rated} {$minutes} {$inc} (ajournée)
game-begins-created = {"{"}Partie {$no} ({$white} contre {$black}) Début d'une partie {$variant ->
    [atomic960] atomique 960
   *[other] atomique
} {$rated}.{"}"}
game-begins-continued = {"{"}Partie {$no} ({$white} contre {$black}) Reprise d'une partie {$variant ->
    [atomic960] atomique 960
   *[other] atomique
} {$rated}.{"}"}

## Fin d'une partie.

game-end-line = {"{"}Partie {$no} ({$white} contre {$black}) {$reason}{"}"} {$result}
rating-none = Pas de changement de cote.
rating-adjustment = Cote atomique : {$old} --> {$new}
rating-adjustment-atomic960 = Cote Atomic960 : {$old} --> {$new}
end-king-exploded = le roi de {$loser} a explosé
end-checkmated = {$loser} est mat
end-stalemate = Partie nulle par pat
end-no-material = Aucun des deux joueurs n'a de quoi mater
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
adjourn-needs-registered = Seules les parties entre joueurs inscrits peuvent être ajournées ; utilisez plutôt « abort ».
takeback-too-many = Il n'y a que {$plies} { $plies ->
    [one] demi-coup
   *[other] demi-coups
} à reprendre.
flag-untimed = Une partie sans pendule ne se perd pas au temps.
flag-too-early = Vous ne pouvez pas réclamer la perte au temps avant que les deux joueurs aient joué.
flag-too-early-abort = Utilisez plutôt « abort ».
flag-not-out = Votre adversaire a encore du temps !
moretime-range = Vous pouvez ajouter de 1 à 36000 secondes.
moretime-added = {$secs} { $secs ->
    [one] seconde a été ajoutée
   *[other] secondes ont été ajoutées
} à la pendule de votre adversaire
moretime-given = Votre adversaire a ajouté {$secs} { $secs ->
    [one] seconde
   *[other] secondes
} à votre pendule.
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

## Offres : nulle, annulation, ajournement, reprise, et défis.

# Avec leur article : « Bob refuse la proposition de nulle. »
noun-match-offer = le défi
noun-match-request = le défi
noun-draw-request = la proposition de nulle
noun-abort-request = la demande d'annulation
noun-adjourn-request = la demande d'ajournement
noun-takeback-request = la demande de reprise
verb-accepts = accepte
verb-declines = refuse
verb-withdraws = retire
verb-updates = modifie
offer-answered = {$by} {$verb} {$noun}.
offer-declined-seen = Partie {$game} : {$by} refuse {$noun}.
offer-draw-to-you = {$from} vous propose la nulle.
offer-abort-to-you = {$from} voudrait annuler la partie ; tapez « abort » pour accepter.
offer-adjourn-to-you = {$from} voudrait ajourner la partie ; tapez « adjourn » pour accepter.
offer-takeback-to-you = {$from} voudrait reprendre {$plies} { $plies ->
    [one] demi-coup
   *[other] demi-coups
}.
offer-draw-seen = Partie {$game} : {$from} propose la nulle.
offer-abort-seen = Partie {$game} : {$from} demande l'annulation de la partie.
offer-adjourn-seen = Partie {$game} : {$from} demande l'ajournement de la partie.
offer-takeback-seen = Partie {$game} : {$from} demande à reprendre {$plies} { $plies ->
    [one] demi-coup
   *[other] demi-coups
}.
offer-sent-draw = Proposition de nulle envoyée.
offer-sent-abort = Demande d'annulation envoyée.
offer-sent-adjourn = Demande d'ajournement envoyée.
offer-sent-takeback = Demande de reprise envoyée.
offer-you-accept = Vous acceptez { $kind ->
    [match] le défi
    [draw] la proposition de nulle
    [abort] la demande d'annulation
    [adjourn] la demande d'ajournement
    [switch] la demande d'échange des couleurs
    [pause] la demande de pause
   *[takeback] la demande de reprise
} de {$name}.
offer-you-decline = Vous refusez { $kind ->
    [match] le défi
    [draw] la proposition de nulle
    [abort] la demande d'annulation
    [adjourn] la demande d'ajournement
    [switch] la demande d'échange des couleurs
    [pause] la demande de pause
   *[takeback] la demande de reprise
} de {$name}.
offer-you-withdraw = Vous retirez { $kind ->
    [match] le défi fait
    [draw] la proposition de nulle faite
    [abort] la demande d'annulation faite
    [adjourn] la demande d'ajournement faite
    [switch] la demande d'échange des couleurs faite
    [pause] la demande de pause faite
   *[takeback] la demande de reprise faite
} à {$name}.
accept-while-playing = Vous ne pouvez pas accepter un défi pendant une partie.
offer-none-to = Vous n'avez aucune offre à traiter par « {$verb} ».
offer-none-made = Vous n'avez fait aucune offre à d'autres joueurs.
offer-several = Vous avez plus d'une offre à traiter par « {$verb} ».
offer-several-how = Tapez « pending » pour les voir et « {$verb} n » pour en choisir une.
offer-out-of-range = Numéro hors limites. Tapez « pending » pour voir la liste des offres.
offer-no-kind = Aucune offre de type {$kind} à traiter par « {$verb} ».
offer-several-kind = Vous avez plus d'une offre de type {$kind} ; tapez « {$verb} n ».
offer-none-from-name = Aucune offre en attente de {$name}.
offer-none-to-name = Aucune offre en attente faite à {$name}.
offer-several-name = Vous avez plus d'une offre avec {$name} ; tapez « {$verb} n ».
offer-already-match = Vous proposez déjà un défi : {$text}.
offer-already-draw = Vous proposez déjà la nulle.
offer-already-abort = Vous demandez déjà l'annulation de la partie.
offer-already-adjourn = Vous demandez déjà l'ajournement.
offer-already-takeback = Vous demandez déjà la reprise { $plies ->
    [one] du dernier demi-coup
   *[other] des {$plies} derniers demi-coups
}.

## pending

pending-none-to = Aucune offre en attente faite à d'autres joueurs.
pending-to-header = Offres faites à d'autres joueurs :
pending-to-match = {" "}{$id} : vous lancez à {$name} un défi : {$text}.
pending-to-draw = {" "}{$id} : vous proposez la nulle à {$name}.
pending-to-abort = {" "}{$id} : vous proposez à {$name} d'annuler la partie.
pending-to-adjourn = {" "}{$id} : vous proposez à {$name} d'ajourner la partie.
pending-to-takeback = {" "}{$id} : vous proposez à {$name} de reprendre { $plies ->
    [one] le dernier demi-coup
   *[other] les {$plies} derniers demi-coups
}.
pending-to-how = Pour retirer une de ces offres, tapez « withdraw n »
pending-to-how-only = ou simplement « withdraw » s'il n'y en a qu'une.
pending-none-from = Aucune offre en attente venant d'autres joueurs.
pending-from-header = Offres venant d'autres joueurs :
pending-from-match = {" "}{$id} : {$name} vous lance un défi : {$text}.
pending-from-draw = {" "}{$id} : {$name} propose la nulle.
pending-from-abort = {" "}{$id} : {$name} propose d'annuler la partie.
pending-from-adjourn = {" "}{$id} : {$name} propose d'ajourner la partie.
pending-from-takeback = {" "}{$id} : {$name} propose de reprendre { $plies ->
    [one] le dernier demi-coup
   *[other] les {$plies} derniers demi-coups
}.
pending-from-how = Pour accepter une de ces offres, tapez « accept n »
pending-from-how-only = ou simplement « accept » s'il n'y en a qu'une.

## match

challenge-line = Défi : {$text}.
challenge-issuing = Défi lancé : {$text}.
challenge-computer = --** {$name} est un ordinateur **--
challenge-position = La partie part de cette position : {$fen}
challenge-answer = Vous pouvez accepter (« accept »), refuser (« decline ») ou proposer d'autres conditions.
challenge-intercepts = Votre défi croise celui de {$name}.
challenge-declining-theirs = Vous refusez le défi de {$name} et proposez d'autres conditions.
challenge-updating = Mise à jour du défi déjà lancé à « {$name} ».
challenge-while-playing = Vous ne pouvez pas lancer de défi pendant une partie.
rating-preview = Votre cote atomique changera :  gain : {$win},  nulle : {$draw},  perte : {$loss}
rating-preview-rd = Votre nouvel écart de cote (RD) sera de {$rd}
match-position-decided = Cette position est déjà décidée : il n'y a pas de partie à jouer.
match-position-unrated = Les parties qui partent d'une position arrangée sont amicales.
match-atomic960-fen = Une partie d'Atomic960 part de l'une des 960 positions de départ : donnez son numéro (atomic960 N), pas une FEN.
match-from-examined = La partie partira de la position que vous examinez.
refuse-gone = Ce joueur est parti.
refuse-self-match = Vous ne pouvez pas vous défier vous-même.
refuse-not-open = Le joueur « {$name} » n'accepte pas de défis.
refuse-censored = {$name} vous censure.
refuse-noplay = Vous êtes sur la liste noplay de {$name}.
refuse-playing = {$name} joue une partie.
refuse-rated-registration = Seuls les joueurs inscrits peuvent jouer des parties classées.
refuse-formula = Le défi ne convient pas à la formule de {$owner} :
refuse-formula-text = Formule de {$owner} : {$formula}
computer-no-games = Désolé, les comptes d'ordinateur ne peuvent pas jouer ici.
computer-max-games = Désolé, un compte d'ordinateur joue au plus {$n} { $n ->
    [one] partie
   *[other] parties
} à la fois.
computer-no-rated-computers = Désolé, les comptes d'ordinateur ne peuvent pas jouer de parties classées entre eux ici.
computer-no-rated-humans = Désolé, les comptes d'ordinateur ne peuvent pas jouer de parties classées contre des humains ici.
computer-no-rated = Désolé, les comptes d'ordinateur ne peuvent pas jouer de parties classées ici.
computer-no-challenges = Désolé, les comptes d'ordinateur ne peuvent pas lancer de défis ici ; publiez plutôt une proposition de partie (« seek »).
computer-challenge-rate = Désolé, un compte d'ordinateur lance au plus {$n} { $n ->
    [one] défi
   *[other] défis
} par minute.

## Les mots de match et de seek, refusés.

terms-time-too-large = Le temps et l'incrément vont jusqu'à {$max}.
terms-too-many-numbers = Trop de nombres : « {$word} ».
terms-bad-range = Fourchette de cotes incorrecte : « {$word} ».
terms-other-variant = On ne joue ici qu'aux échecs atomiques ; « {$word} » n'est pas disponible.
terms-unknown-word = Je ne comprends pas « {$word} ».

## Positions arrangées : match ... fen, bsetup.

fen-invalid = Ce n'est pas une FEN valable : {$why}.
fen-why-board = la partie échiquier est fausse
fen-why-turn = le trait doit être w ou b
fen-why-castling = la partie roques est fausse
fen-why-ep = la case en passant est fausse
fen-why-halfmove = le compteur de demi-coups est faux
fen-why-fullmove = le numéro du coup est faux
fen-why-fields = elle n'a pas les bons champs
setup-unplayable = Cette position ne peut pas être jouée : {$why}.
setup-why-empty = l'échiquier est vide
setup-why-missing-king = il manque un roi
setup-why-too-many-kings = un camp a plus d'un roi
setup-why-pawns-backrank = un pion est sur la première ou la dernière rangée
setup-why-castling-rights = un droit au roque n'a pas son roi ou sa tour en place
setup-why-ep-square = la case en passant est impossible
setup-why-opposite-check = le camp qui n'a pas le trait est en échec
setup-why-impossible-check = cet échec ne peut pas venir d'un coup
setup-why-too-much-material = il y a plus de pièces qu'une partie ne peut en avoir
setup-why-variant = elle enfreint les règles des échecs atomiques
setup-why-illegal = ce n'est pas une position légale
setup-why-no-king = { $side ->
    [white] les Blancs n'ont
   *[black] les Noirs n'ont
} pas de roi
setup-why-two-kings = { $side ->
    [white] les Blancs ont
   *[black] les Noirs ont
} plus d'un roi
setup-why-pawn-on-rank = aucun pion ne peut être sur la rangée {$rank} ({$square})
setup-why-in-check = { $checked ->
    [white] les Blancs sont
   *[black] les Noirs sont
} en échec alors que le trait est { $to_move ->
    [white] aux Blancs
   *[black] aux Noirs
}
setup-why-castling = le roque demande le roi et la tour à leur place de départ
setup-why-castling-960 = le roque demande le roi sur sa première rangée, entre ses tours de roque
setup-why-en-passant = aucun pion { $side ->
    [white] blanc
   *[black] noir
} ne peut venir d'arriver en {$square}
bsetup-eppos-usage = Usage : bsetup eppos COLONNE|none (une colonne de a à h)
bsetup-not-placement = « {$text} » ne place pas de pièce : écrivez P@e4 (Blancs), p@e4 (Noirs), wp@e4, bp@e4 ou x@e4.
bsetup-not-fen = « {$text} » n'est pas une FEN.
bsetup-king-not-home = { $side ->
    [white] Les Blancs ne peuvent roquer
   *[black] Les Noirs ne peuvent roquer
} qu'avec leur roi sur leur première rangée.
bsetup-no-rook = { $side ->
    [white] Les Blancs n'ont
   *[black] Les Noirs n'ont
} pas de tour { $rook ->
    [h] côté h
   *[a] côté a
} de leur roi.
bsetup-empty = L'échiquier est maintenant vide.
bsetup-start = L'échiquier est maintenant dans la position de départ.
bsetup-start-960 = L'échiquier est maintenant dans la position de départ Chess960 numéro {$n} (Atomic960).
bsetup-fen = L'échiquier est placé selon la FEN.
bsetup-to-move = Trait aux { $side ->
    [white] Blancs
   *[black] Noirs
}.
bsetup-castle = { $side ->
    [white] Les Blancs
   *[black] Les Noirs
} { $rights ->
    [both] peuvent roquer des deux côtés.
    [kside] ne peuvent roquer que côté roi.
    [qside] ne peuvent roquer que côté dame.
   *[none] ne peuvent pas roquer.
}
bsetup-en-passant = La prise en passant est possible sur la colonne {$file}.
bsetup-no-en-passant = Pas de prise en passant.

## Formules (set formula, f1 à f9).

formula-error = Erreur dans la formule à la colonne {$column} : {$why}
formula-why-too-long = une formule fait au plus {$max} caractères.
formula-why-char = caractère inattendu {$char}.
formula-why-number = nombre trop grand.
formula-why-variable = variable inconnue « {$word} ».
formula-why-ends = la formule s'arrête trop tôt.
formula-why-value = un nombre ou une variable était attendu, pas « {$token} ».
formula-why-operator = un opérateur était attendu, pas « {$token} ».
formula-why-close = il manque « ) ».
formula-why-open = « ) » sans « ( ».
formula-why-double = « {$op} » n'est pas permis.
formula-why-argument = {$name} demande un nombre de coups, comme dans {$name}(40).
formula-why-f1 = f1 ne peut pas faire appel à d'autres variables f.
formula-why-forward = f{$from} ne peut faire appel qu'à f1-f{$last}, pas à f{$to}.
formula-why-deep = trop d'imbrications.
formula-why-slot = il n'y a pas de variable f{$n}.

## Noms de listes et noms de joueurs.

list-no-such = « {$name} » ne correspond à aucun nom de liste.
list-ambiguous = Nom de liste ambigu « {$name} ». Correspondances : {$matches}
handle-too-short = Un nom doit avoir au moins trois lettres !
handle-too-long = Désolé, un nom a au plus 17 lettres.
handle-not-letters = Désolé, un nom ne peut contenir que des lettres minuscules et majuscules.

## Propositions de partie (seek).

seek-ad = {$name} ({$rating}) cherche une partie {$variant ->
    [atomic960] atomique 960
   *[other] atomique
}{$start} {$rated} {$minutes} {$inc}{$flags} (« play {$index} » pour répondre)
seeks-removed = Propositions retirées : {$list}
seek-while-playing = Vous ne pouvez pas proposer de partie pendant une partie.
seek-same = Vous avez déjà une proposition active avec les mêmes conditions.
seek-range-updated = Proposition {$index} mise à jour ; fourchette de cotes : {$low}-{$high}.
seek-too-many = Vous ne pouvez avoir que {$n} propositions actives.
seek-matches = Votre proposition correspond à celle de {$name}.
seek-posted = Votre proposition de partie est publiée sous le numéro {$index}.
seek-seen = ({$n} { $n ->
    [one] joueur a vu
   *[other] joueurs ont vu
} la proposition.)
seek-manual = Défi lancé, car la proposition est en mode manuel.
seek-accepted = {$name} accepte votre proposition de partie.
seek-set-unrated = La proposition devient amicale.
play-several-seeks = {$name} a plusieurs propositions ; tapez « play N ».
play-not-available = Cette proposition n'est pas disponible.
play-own-seek = ERREUR : vous ne pouvez pas répondre à vos propres propositions
play-while-playing = Vous ne pouvez pas répondre à une proposition pendant une partie.
play-computer = Désolé, les comptes d'ordinateur ne peuvent pas répondre aux propositions ; lancez plutôt un défi.
play-out-of-range = Votre cote n'entre pas dans la fourchette de cette proposition.
sought-count = { $n ->
    [one] {$n} proposition affichée.
   *[other] {$n} propositions affichées.
}
unseek-no-such = Vous n'avez pas de proposition {$index}.
unseek-none = Vous n'avez aucune proposition active.
unseek-one = Votre proposition {$index} est retirée.
unseek-all = Vos propositions sont retirées.

## Observer.

observe-started = Vous observez maintenant la partie {$no}.
observe-removed = La partie {$no} est retirée de votre liste d'observation.
observe-own-game = Vous jouez la partie {$no}.
observe-examining = Vous examinez la partie {$no}.
observe-already = Vous observez déjà la partie {$no}.
unobserve-not = Vous n'observez pas la partie {$no}.
unobserve-none = Vous n'observez aucune partie.
allobservers-nobody = Personne n'observe de partie.
allobservers-none = Personne n'observe la partie {$no}.
allobservers-game = Spectateurs de {$no} [{$white} contre {$black}] : {$names} ({$n} { $n ->
    [one] utilisateur
   *[other] utilisateurs
})
allobservers-exam = Examinateurs de {$no} [{$white} contre {$black}] : {$names} ({$n} { $n ->
    [one] utilisateur
   *[other] utilisateurs
})
kibitz-heard = {$name}({$rating})[{$no}] commente : {$text}
whisper-heard = {$name}({$rating})[{$no}] chuchote : {$text}
kibitz-registered-only = Seuls les joueurs inscrits peuvent commenter les parties des autres.
whisper-registered-only = Seuls les joueurs inscrits peuvent chuchoter dans les parties des autres.
kibitzed-to = (commentaire envoyé à {$n} { $n ->
    [one] joueur
   *[other] joueurs
})
whispered-to = (chuchoté à {$n} { $n ->
    [one] joueur
   *[other] joueurs
})

## Parties ajournées.

stored-none = {$name} n'a pas de partie ajournée.
stored-header = Parties ajournées de {$name} :
stored-columns = {"    "}C Adversaire     Là Type          Mat  T    ECO Date
resume-none-with = Vous n'avez pas de partie ajournée avec {$name}.
resume-gone = Cette partie ajournée n'est plus enregistrée.
resume-damaged = {$why}
resume-nobody-online = Aucun de vos adversaires de parties ajournées n'est connecté.
resume-several-online = Plusieurs de vos adversaires de parties ajournées sont connectés ; tapez « resume nom ».
server-shutting-down = Le serveur s'arrête.
restart-when-free = Votre partie ajournée avec {$opponent} reprendra quand vous serez libres tous les deux.
restart-when-back = Votre partie ajournée avec {$opponent} reprendra quand {$opponent} se connectera.
restart-arrived = Notification : {$name}, avec qui vous avez une partie ajournée, est arrivé.
restart-watch = La partie {$no} ({$white} contre {$black}), que vous observiez, reprend : « observe {$no} » pour la suivre.

## Examiner.

exam-already = Vous examinez déjà une partie.
exam-while-playing = Vous jouez une partie.
exam-not-examining = Vous n'examinez aucune partie.
exam-start-scratch = Début d'une partie en mode examen (échiquier neuf).
exam-start-setup = Début d'une partie en mode examen (position à construire).
exam-start-stored = Début d'une partie en mode examen : {$title}, {$players}.
exam-stored-plies = Elle compte {$n} { $n ->
    [one] demi-coup
   *[other] demi-coups
} : « forward » et « backward » les parcourent.
exam-moves = Partie {$no} : {$name} joue : {$san}
exam-forward = Partie {$no} : {$name} avance de {$n} { $n ->
    [one] coup
   *[other] coups
}.
exam-backward = Partie {$no} : {$name} recule de {$n} { $n ->
    [one] coup
   *[other] coups
}.
exam-revert = Partie {$no} : {$name} revient à la ligne principale.
exam-no-moves = Vous ne pouvez pas avancer : aucun coup n'est enregistré.
exam-no-more = Partie {$no} : il n'y a plus de coups.
exam-end-of-game = Partie {$no} : fin de la partie.
exam-beginning = Partie {$no} : début de la partie.
exam-at-mainline = Partie {$no} : déjà sur la ligne principale.
exam-end = Partie {$no} : {$reason} {$result}
exam-setup-forward = Vous ne pouvez pas encore avancer : la position est en cours de construction.
exam-setup-backward = Vous ne pouvez pas encore reculer : la position est en cours de construction.
exam-setup-revert = Vous ne pouvez pas encore revenir en arrière : la position est en cours de construction.
exam-setting-up = Vous construisez une position : tapez « bsetup done » quand elle est prête.
exam-sets-up = Partie {$no} : {$name} construit une position ; « bsetup done » en lance l'examen.
exam-already-setting-up = Vous construisez déjà une position ; voyez « help bsetup ».
exam-set-up = Partie {$no} : {$name} a construit la position ; les pièces peuvent bouger.
exam-finish-setup = Terminez d'abord la position avec « bsetup done ».
exam-stopped-by = {$name} a cessé d'examiner la partie {$no}.
exam-no-examiners = La partie {$no} (que vous observiez) n'a plus d'examinateur.
exam-you-stopped = Vous n'examinez plus la partie {$no}.
mexamine-already = {$name} examine déjà la partie {$no}.
mexamine-examining = {$name} examine une partie.
mexamine-not-observing = {$name} n'observe pas la partie que vous examinez.
mexamine-now = {$name} examine maintenant la partie {$no}.
mexamine-made-you = {$name} vous fait examinateur de la partie {$no}.
lesson-boards = Positions de la catégorie {$category} : {$names}.
lesson-how-to-load = Tapez « examine {$category} NOM » pour en charger une.
lesson-loading = Chargement : catégorie {$category}, position {$board}.
lesson-no-such = Il n'y a pas de position « {$board} » dans la catégorie {$category}.
lesson-how-forward = Tapez « forward » pour jouer les coups un à un, ou bougez les pièces vous-même.
lesson-how-backward = Tapez « backward » pour reprendre les coups qui ont mené ici, ou bougez les pièces vous-même.
lesson-how-setup = Tapez « bsetup » pour changer la position, ou « unexamine » pour arrêter.
database-unavailable = La base de données n'est pas disponible ; réessayez plus tard.

## Parler.

talk-slow-down = Ralentissez, s'il vous plaît.
muzzled = Vous êtes bâillonné.
tell-no-previous = Pas de destinataire précédent.
tell-heard = {$name} vous dit : {$text}
tell-not-listening = Le joueur « {$name} » n'écoute pas les messages des joueurs non inscrits.
tell-no-such-player = Aucun joueur ne porte le nom {$name}.
told = (dit à {$name})
told-playing = (dit à {$name}, qui joue)
told-idle = (dit à {$name}, inactif depuis {$idle})
say-nobody = Je ne sais pas à qui le dire.
say-heard = {$name}{$game} dit : {$text}
shout-heard = {$name} crie : {$text}
cshout-heard = {$name} c-crie : {$text}
it-heard = --> {$name} {$text}
shouted-to = (crié à {$n} { $n ->
    [one] joueur
   *[other] joueurs
})
cshouted-to = (c-crié à {$n} { $n ->
    [one] joueur
   *[other] joueurs
})
itshouted-to = (« it » envoyé à {$n} { $n ->
    [one] joueur
   *[other] joueurs
})
shout-deaf = (Cri non envoyé : vous n'écoutez pas les cris)
cshout-deaf = (Cri non envoyé : vous n'écoutez pas les c-cris)
itshout-deaf = (« it » non envoyé : vous n'écoutez pas les cris)
shout-registered-only = Seuls les joueurs inscrits peuvent utiliser la commande {$command}.
shout-next-in = Prochain cri possible dans {$n} { $n ->
    [one] seconde
   *[other] secondes
}.
shout-ready = Votre prochain cri est disponible.
shout-not-sent = Cri non envoyé. Prochain cri dans {$n} { $n ->
    [one] seconde
   *[other] secondes
}.
qtell-td-only = Seuls les programmes TD peuvent utiliser cette commande.

## Canaux.

channel-max = Le plus grand numéro de canal est 255.
channel-no-previous = Pas de canal précédent.
channel-heard = {$name}({$channel}) : {$text}
channel-not-member = (Non envoyé : vous n'êtes pas dans le canal {$channel}.)
channel-told = (dit à {$n} { $n ->
    [one] joueur
   *[other] joueurs
} du canal {$title})
channel-join-admins = Seuls les administrateurs peuvent entrer dans le canal {$channel}.
channel-talk-admins = Seuls les administrateurs peuvent parler dans le canal {$channel}.
channel-guests-only = Les invités ne peuvent parler que dans les canaux {$channels}.

## Tournois.

tourney-kind = { $format ->
    [swiss] suisse en {$n} { $n ->
        [one] ronde
       *[other] rondes
    }
    [rr] toutes rondes
    [rrx] toutes rondes x{$n}
    [ko] élimination directe en {$n} { $n ->
        [one] partie
       *[other] parties
    }
    [arena-min] arena de {$n} min
   *[arena-s] arena de {$n} s
}
tourney-terms = {$minutes} {$inc} { $rated ->
    [rated] classé
   *[unrated] amical
}{ $variant ->
    [atomic960] {" "}atomique 960
   *[other] {""}
}
tourney-status = { $status ->
    [open] inscriptions ouvertes
    [running] en cours
    [finished] terminé
   *[cancelled] annulé
}
tourney-created = Tournoi n° {$id} « {$name} » ({$kind}, {$terms}) créé par {$by}. « tourney join {$id} » pour y participer.
tourney-no-such = Il n'y a pas de tournoi n° {$id}.
tourney-none = Ce tournoi n'existe pas.
tourney-registered-only = Seuls les joueurs inscrits peuvent participer aux tournois.
tourney-started-already = Le tournoi n° {$id} a déjà commencé.
tourney-over-already = Le tournoi n° {$id} est terminé.
tourney-already-over = Le tournoi n° {$id} est déjà terminé.
tourney-in-already = Vous êtes déjà inscrit au tournoi n° {$id}.
tourney-full = Le tournoi n° {$id} est complet ({$max} joueurs).
tourney-min-rating = Le tournoi n° {$id} demande une cote d'au moins {$min}.
tourney-joins = {$name} s'inscrit au tournoi n° {$id} ({$n} { $n ->
    [one] joueur
   *[other] joueurs
}).
tourney-you-join = Vous êtes inscrit au tournoi n° {$id}.
tourney-not-in = Vous n'êtes pas inscrit au tournoi n° {$id}.
tourney-leaves = {$name} quitte le tournoi n° {$id}.
tourney-you-leave = Vous quittez le tournoi n° {$id}.
tourney-director-only = Seul le directeur du tournoi n° {$id} peut faire cela.
tourney-not-open = Le tournoi n° {$id} n'est pas ouvert.
tourney-too-few = Le tournoi n° {$id} demande au moins deux joueurs.
tourney-starts = Le tournoi n° {$id} « {$name} » commence avec {$n} { $n ->
    [one] joueur
   *[other] joueurs
}.
tourney-started = Tournoi n° {$id} lancé.
tourney-cancelled-announce = Le tournoi n° {$id} est annulé.
tourney-cancelled = Tournoi n° {$id} annulé.
tourney-game-arena = Tournoi n° {$id} : {$white} contre {$black} (partie {$no}).
tourney-game-round = Tournoi n° {$id}, ronde {$round} : {$white} contre {$black} (partie {$no}).
tourney-pairs = Tournoi n° {$id} : appariements {$games}.
tourney-pairs-byes = Tournoi n° {$id} : appariements {$games} ; exempt : {$byes}.
tourney-round = Tournoi n° {$id}, ronde {$round} : {$games}.
tourney-round-byes = Tournoi n° {$id}, ronde {$round} : {$games} ; exempt : {$byes}.
tourney-round-only-byes = Tournoi n° {$id}, ronde {$round} : exempt : {$byes}.
tourney-start-position = Tournoi n° {$id}, ronde {$round} : toutes les parties partent de la position Atomic960 numéro {$n} ({$letters}).
tourney-start-position-arena = Tournoi n° {$id} : ces parties partent de la position Atomic960 numéro {$n} ({$letters}).
tourney-absent = Tournoi n° {$id} : { $n ->
    [one] {$names} absent
   *[other] {$names} absents
} ; forfait.
tourney-withdrawn = Tournoi n° {$id} : {$name} est retiré après deux forfaits.
tourney-result = Tournoi n° {$id} : {$white} {$result} {$black}.
tourney-aborted-again = Tournoi n° {$id} : {$white} contre {$black} a été annulée ; elle sera rejouée.
tourney-over = Le tournoi n° {$id} « {$name} » est terminé.
tourney-over-winner = Le tournoi n° {$id} « {$name} » est terminé. Vainqueur : {$winner}.
tourney-final-standings = Classement final du tournoi n° {$id} :
tourney-stored-forfeit = Votre partie ajournée avec {$opponent} : {$loser} perd par déconnexion {$result}
berserk-not-arena = Le berserk n'existe que dans une partie de tournoi arena.
berserk-already = Vous avez déjà fait berserk.
berserk-too-late = Le berserk se fait avant votre premier coup.
berserk-untimed = Pas de berserk dans une partie sans pendule.
berserk-opponent = {$name} fait berserk : la moitié de sa pendule, pour un point de plus.
berserk-done = Berserk : votre pendule est divisée par deux ; un gain en 14 demi-coups ou plus rapporte un point de plus.

## Administration.

announcement = {"    "}**ANNONCE** de {$by} : {$text}
announcement-sent = ({$n}) **ANNONCE** de {$by} : {$text}
nuke-admin = Vous ne pouvez pas expulser un administrateur.
nuked = Expulsé : {$name}
shutdown-goodbye = {"    "}**** Arrêt du serveur. ****
shutdown-canceled = {"    "}**** Arrêt du serveur annulé par {$by}. ****
shutdown-in-minutes = {"    "}**** Arrêt du serveur dans {$n} { $n ->
    [one] minute
   *[other] minutes
}. ****
shutdown-in-seconds = {"    "}**** Arrêt du serveur dans {$n} { $n ->
    [one] seconde
   *[other] secondes
}. ****

## La ligne de commande.

usage = Usage : {$syntax}
command-not-found = {$word} : commande inconnue.
command-ambiguous = Commande ambiguë « {$word} ». Correspondances : {$matches}
not-playing-or-examining = Vous ne jouez ni n'examinez de partie.
line-too-long = Votre ligne était trop longue ; elle est ignorée.
alias-too-long = Votre ligne était trop longue une fois l'alias développé ; elle est ignorée.
budget-slow-down = Ralentissez : vos commandes s'exécutent à {$rate} par seconde ; les autres suivent à leur tour.
budget-flooded = **** Déconnecté : vous envoyiez des commandes bien plus vite qu'elles ne peuvent s'exécuter. ****
line-output-too-long = La suite de votre ligne n'a pas été exécutée : sa réponse serait trop longue.

## Réponses des commandes.

lists-the-channel-to-add-must = Le canal à ajouter doit être un nombre de 0 à 255.
lists-lists = Listes :
lists-public = {$name} publique
lists-personal = {$name} personnelle
lists-no-one-from-your-notify = Personne de votre liste notify n'est connecté.
lists-present-company-on-your-notify = Présents de votre liste notify :
lists-no-one-logged-in-has = Personne de connecté ne vous a dans sa liste notify.
lists-the-following-players-have-you = Ces joueurs vous ont dans leur liste notify :
lists-nobody-is-in-any-channel = Personne n'est dans aucun canal.
lists-no-such-channel-the-largest = Ce canal n'existe pas ; le plus grand numéro de canal est 255.
lists-added-to-your-channel-list = {""}[{$ch}] ajouté à votre liste de canaux.
lists-is-already-on-your-channel = {""}[{$ch}] est déjà dans votre liste de canaux.
lists-removed-from-your-list = {""}[{$entry}] retiré de votre liste {$list}.
lists-is-not-in-your-list = {""}[{$item}] n'est pas dans votre liste {$list}.
lists-is-not-in-any-channel = {$name} n'est dans aucun canal.
lists-is-in-the-following-channels = {$name} est dans ces canaux :
basic-you-can-t-quit-while = Vous ne pouvez pas partir pendant une partie.
basic-type-resign-to-resign-the = Tapez « resign » pour abandonner la partie, ou demandez son annulation avec « abort ».
basic-logging-you-out = Déconnexion.
basic-local-time-utc = Heure locale     - {$now} UTC
basic-server-time-utc = Heure du serveur - {$now} UTC
basic-gmt = GMT              - {$now}
alias-you-have-no-aliases = Vous n'avez pas d'alias.
alias-aliases = Alias :
alias-you-have-no-alias-named = Vous n'avez pas d'alias nommé « {$name} ».
alias-you-can-t-alias = « {$name} » ne peut pas être un alias.
alias-alias-changed = Alias « {$name} » modifié.
alias-alias-set = Alias « {$name} » enregistré.
alias-alias-unset = Alias « {$name} » effacé.
journal-source-and-destination-entries-are = L'entrée de départ et celle d'arrivée sont les mêmes.
td-time-and-increment-go-up = Le temps et l'incrément vont jusqu'à 999.
td-a-player-cannot-play-himself = Un joueur ne peut pas jouer contre lui-même.
td-the-game-could-not-be = La partie n'a pas pu commencer.
td-the-tourney-variable-cannot-be = La variable tourney ne peut pas être réglée.
td-s-tourney-variable-is-now = La variable tourney de {$target} vaut maintenant {$word}.
tourney-only-tournament-directors-and-admins = Seuls les directeurs de tournoi et les administrateurs peuvent créer des tournois.
tourney-there-are-no-tourneys = Il n'y a aucun tournoi.
admin-shutdown-canceled = Arrêt annulé.
admin-no-shutdown-is-scheduled = Aucun arrêt n'est prévu.
admin-shutting-down-now = Arrêt immédiat.
admin-accounts-is-logged-in-nuke-them = {$shown} est connecté ; expulsez-le d'abord (« nuke »).
admin-accounts-is-not-a-valid-handle = « {$name} » n'est pas un nom valable.
admin-accounts-comment-added-for = Commentaire ajouté pour {$shown}.
help-type-help-for-the-list = Tapez « help » pour la liste des sujets.
help-there-is-no-help-available = Il n'y a pas d'aide sur « {$topic} ».
vars-variable-settings-of = Variables de {$name} :
vars-interface-variable-settings-of = Variables d'interface de {$name} :
stored-you-have-no-adjourned-games = Vous n'avez pas de partie ajournée.
stored-no-user-named-is-logged = Aucun utilisateur nommé « {$n} » n'est connecté.

## set : les réponses des interrupteurs (set NOM 1, set NOM 0).

set-bell-on = Vous entendrez les bips.
set-bell-off = Vous n'entendrez plus les bips.
set-open-on = Vous acceptez maintenant les défis.
set-open-off = Vous n'acceptez plus les défis.
set-rated-on = Vos parties seront classées par défaut.
set-rated-off = Vos parties seront amicales par défaut.
set-seek-on = Vous verrez les propositions de partie.
set-seek-off = Vous ne verrez plus les propositions de partie.
set-shout-on = Vous entendrez les cris.
set-shout-off = Vous n'entendrez plus les cris.
set-cshout-on = Vous entendrez les c-cris.
set-cshout-off = Vous n'entendrez plus les c-cris.
set-tell-on = Vous recevrez les messages directs des joueurs non inscrits.
set-tell-off = Vous ne recevrez plus les messages directs des joueurs non inscrits.
set-ctell-on = Vous entendrez les joueurs non inscrits dans les canaux.
set-ctell-off = Vous n'entendrez plus les joueurs non inscrits dans les canaux.
set-kibitz-on = Vous entendrez les commentaires (kibitz).
set-kibitz-off = Vous n'entendrez plus les commentaires (kibitz).
set-pin-on = Vous verrez les connexions et déconnexions.
set-pin-off = Vous ne verrez plus les connexions et déconnexions.
set-gin-on = Vous verrez les résultats des parties.
set-gin-off = Vous ne verrez plus les résultats des parties.
set-pinform-on = Vous verrez les connexions et déconnexions, avec les adresses.
set-pinform-off = Vous ne verrez plus les connexions et déconnexions avec les adresses.
set-ginform-on = Vous verrez les débuts et les résultats des parties.
set-ginform-off = Vous ne verrez plus les débuts et les résultats des parties.
set-flip-on = Échiquier retourné.
set-flip-off = Échiquier remis à l'endroit.
set-private-on = Vos parties seront privées.
set-private-off = Vos parties ne seront plus privées.
set-autoflag-on = Perte au temps automatique activée.
set-autoflag-off = Perte au temps automatique désactivée.
set-tourney-on = Votre variable tourney est maintenant activée.
set-tourney-off = Votre variable tourney n'est plus activée.
set-showownseek-on = Vous verrez vos propres propositions de partie.
set-showownseek-off = Vous ne verrez plus vos propres propositions de partie.
set-notakeback-on = Vous n'accepterez plus les demandes de reprise.
set-notakeback-off = Vous accepterez de nouveau les demandes de reprise.
set-availinfo-on = Vous recevrez les informations de disponibilité.
set-availinfo-off = Vous ne recevrez plus les informations de disponibilité.
set-jprivate-on = Votre journal est privé.
set-jprivate-off = Votre journal est public.
set-no-such = Il n'y a pas de variable « {$name} ».
set-ambiguous = Variable ambiguë « {$name} ».
iset-no-such = Il n'y a pas de variable d'interface « {$name} ».
iset-bad-value = Valeur incorrecte pour une variable d'interface.
iset-locked = Modification impossible : les variables d'interface sont verrouillées.
set-style-1 = Style 1 choisi.
set-style-12 = Style 12 choisi.
set-value = {$name} vaut maintenant {$value}.
set-unset = {$name} effacé.
set-note = Note {$n} enregistrée.
set-note-cleared = Note {$n} effacée.
set-note-too-long = Une note fait au plus {$max} caractères.
set-style-values = Seuls les styles 1 et 12 sont disponibles.
set-lang-values = Langues : en (anglais), fr (français).
set-bad-switch = Valeur incorrecte pour la variable {$name} (0 ou 1).
set-number-range = {$name} doit être un nombre de {$low} à {$high}.
set-text-too-long = La variable {$name} fait au plus {$max} caractères.

basic-thank-you-for-using-the = Merci d'avoir utilisé {$name}, le serveur d'échecs atomiques.
basic-there-are-currently-players-with = Il y a en ce moment {$now_players} joueurs connectés, et jusqu'à {$peak} depuis le dernier démarrage.
computers-is-not-an-appropriate-list = « {$typed} » n'est pas un nom de liste valable, ou vous n'avez pas les droits nécessaires.
computers-is-not-a-registered-player = {$name} n'est pas un joueur inscrit ; seuls les comptes inscrits peuvent être des ordinateurs.
lag-is-not-using-timeseal-moves = {$name} n'utilise pas timeseal : ses coups sont chronométrés par la pendule du serveur.
tourney-tourney-created-tourney-start-starts = Tournoi n° {$id} créé. « tourney start {$id} » le lance.

## who et finger.

who-count = {" "}{$n} { $n ->
    [one] joueur affiché
   *[other] joueurs affichés
} (sur {$total}). (*) désigne un administrateur.
who-machine-count = { $n ->
    [one] {$n} joueur affiché.
   *[other] {$n} joueurs affichés.
}
finger-header = Fiche de {$name} :
finger-on-for = Connecté depuis : {$on}   Inactif depuis : {$idle}
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
message-numbered = {$n}. {$sender}, le {$date} : {$text}
message-body = {$sender}, le {$date} : {$text}
message-too-long = Votre message est trop long ; un message fait au plus {$max} caractères.
message-unregistered = Le joueur « {$name} » n'est pas inscrit et ne peut pas recevoir de messages.
message-sent-to = Ce message a été envoyé à {$name} :
message-box-full = La boîte aux lettres de {$name} est pleine.
messages-cleared = { $n ->
    [one] {$n} message effacé.
   *[other] {$n} messages effacés.
}

## history et journal

history-none = Aucune partie dans l'historique de {$name}.
history-header = Historique de {$name} :
history-columns = {"                  "}Adversaire    Type         ECO Fin Date
history-no-such-game = {$name} n'a pas de partie {$n} dans son historique.
journal-entry-not-available = L'entrée {$slot} du journal de {$name} n'est pas disponible.
journal-private = Désolé, ce journal est privé.
stored-none-between = Pas de partie enregistrée entre « {$a} » et « {$b} ».
stored-title = { $kind ->
    [history] la partie {$n} de l'historique de {$name}
    [journal] l'entrée {$slot} du journal de {$name}
   *[adjourned] la partie ajournée
}
stored-players = {$white} contre {$black}
stored-gone = Introuvable : {$title}.
sposition-header = Position de {$title} : {$players} après {$n} { $n ->
    [one] demi-coup
   *[other] demi-coups
}.
journal-registered-only = Seuls les joueurs inscrits peuvent tenir un journal.
journal-letters = Les entrées du journal sont désignées par une seule lettre.
journal-empty = Le journal de {$name} est vide.
journal-header = Journal de {$name} :
journal-columns = {"   "}Blancs        Cote    Noirs         Cote    Type         ECO Fin Résultat
journal-saved-game = Partie {$name} {$n} enregistrée à l'entrée {$slot} du journal.
journal-saved-entry = Entrée {$name} {$from} enregistrée à l'entrée {$slot} du journal.
journal-deleted = Entrée {$slot} du journal effacée.
journal-no-entry = Vous n'avez pas d'entrée {$slot} dans votre journal.

## Listes.

list-notify-self = Vous ne pouvez pas vous mettre dans votre propre liste notify.
list-notify-unregistered = Vous ne pouvez pas mettre un joueur non inscrit dans votre liste notify.
list-already-on = {""}[{$name}] est déjà dans votre liste {$list}.
list-full = Désolé, votre liste {$list} est pleine.
list-added = {""}[{$name}] ajouté à votre liste {$list}.
list-show-header = -- liste {$list} : {$n} { $list ->
    [channel] { $n ->
        [one] canal
       *[other] canaux
    }
   *[other] { $n ->
        [one] nom
       *[other] noms
    }
} --
channel-members = Canal {$title} : {$names}
channel-empty = Le canal {$title} est vide.

tourney-list-columns = {"  "}#  Nom                 Type                 Cadence  Joueurs État
tourney-info = Tournoi n° {$id} « {$name} » : {$kind}, {$terms}, {$status}.
tourney-info-director = Directeur : {$name}.{ $limits ->
    [max] {" "}Au plus {$max} joueurs.
    [min] {" "}Cote de {$min} ou plus.
    [both] {" "}Au plus {$max} joueurs. Cote de {$min} ou plus.
   *[none] {""}
}
tourney-info-round = Ronde {$round}.
tourney-info-players = Joueurs ({$n}) : {$names}
tourney-unreadable = Le tournoi n° {$id} ne peut pas être lu.

shutdown-scheduled-minutes = Arrêt prévu dans {$n} { $n ->
    [one] minute
   *[other] minutes
}.
shutdown-scheduled-seconds = Arrêt prévu dans {$n} { $n ->
    [one] seconde
   *[other] secondes
}.
uptime-server = {$name} (atomicd {$version}), un serveur d'échecs atomiques.
uptime-since = Le serveur fonctionne depuis le {$date} UTC.
uptime-for = (En service depuis {$duration})
help-ambiguous = Sujet d'aide ambigu « {$topic} ». Pages possibles : {$matches}
ping-no-timeseal = {$name} n'utilise pas timeseal : son temps de ping n'est pas connu.
ping-time = Temps de ping de {$name} : {$ms} ms.
ping-unknown = Le temps de ping de {$name} n'est pas encore connu.
lag-credited = Décalage crédité à {$name} sur le dernier coup : {$secs} s.
lag-allowance = Crédit de décalage restant : {$secs} s (au plus 1 s par coup ; il se reconstitue avec le temps).
games-count = {"  "}{ $n ->
    [one] {$n} partie affichée.
   *[other] {$n} parties affichées.
}
tourney-ambiguous = Commande de tournoi ambiguë « {$word} ». Correspondances : {$matches}
iset-set = {$name} activé.
iset-unset = {$name} désactivé.
alias-maximum = Vous avez atteint votre maximum de {$n} alias.

## Réponses d'administration.

admin-no-account = Il n'y a pas de compte nommé « {$name} ».
admin-player-added = Ajouté : {$name} est maintenant un joueur inscrit.
admin-player-exists = Un joueur nommé {$name} est déjà inscrit.
admin-account-unsaved = Le compte {$name} ne peut pas être enregistré : le serveur ne peut pas écrire dans sa base de données. Il n'a pas été créé ; réessayez plus tard.
admin-no-password = Il n'y a pas de compte nommé « {$name} » ; les joueurs non inscrits n'ont pas de mot de passe.
admin-password-admin = Vous ne pouvez pas changer le mot de passe d'un autre administrateur.
admin-password-changed = Le mot de passe de {$name} est maintenant {$stars}.
admin-remove-admin = Vous ne pouvez pas supprimer un administrateur.
admin-player-removed = Joueur {$name} supprimé.
admin-no-comments = Il n'y a pas de commentaire sur {$name}.
admin-comments-header = Commentaires sur {$name} :
admin-comment = {$n}. {$admin}, le {$date} : {$text}
admin-ban-admin = Vous ne pouvez pas bannir un administrateur.
admin-banned = {$name} est banni : ses connexions sont refusées, le compte est gardé.
admin-unbanned = {$name} n'est plus banni.
admin-muzzle-admin = Vous ne pouvez pas bâillonner un administrateur.
admin-no-player = Il n'y a pas de joueur nommé « {$name} ».
admin-muzzled = {$name} est bâillonné.
admin-unmuzzled = {$name} n'est plus bâillonné.
admin-no-such-game = Il n'y a pas de partie avec {$white} chez les Blancs et {$black} chez les Noirs.
admin-adjudicated-live = Partie {$no} ({$white} contre {$black}) arbitrée : {$reason} {$result}
admin-adjudicated-stored = La partie ajournée ({$white} contre {$black}) est arbitrée : {$reason} {$result}

## Avis d'autres commandes.

password-changed-by = {$name} a changé votre mot de passe.
computer-list-changed = {$admin} vous a { $change ->
    [added] ajouté à
   *[removed] retiré de
} la liste des ordinateurs.
computers-changed = {""}[{$name}] { $change ->
    [added] ajouté à
   *[removed] retiré de
} la liste des ordinateurs.
computers-unchanged = {""}[{$name}] { $change ->
    [added] est déjà dans
   *[removed] n'est pas dans
} la liste des ordinateurs.
message-received = Vous avez reçu ce message :

## Réglages.

# La réponse à « set lang en » est dans la langue choisie : l'anglais.
set-lang-fr = Langue : français.
set-lang-en = Language set to English.

## Analyse par l'ordinateur (analyse).

analysis-no-such-game = Il n'y a pas de partie {$id}.
analysis-not-finished = La partie {$id} n'est pas terminée ; seules les parties terminées peuvent être analysées.
analysis-running = La partie {$id} est en cours d'analyse : position {$done} sur {$of}.
analysis-waiting = La partie {$id} attend son analyse par l'ordinateur.
analysis-waiting-place = La partie {$id} attend son analyse par l'ordinateur, { $place ->
        [1] la première
       *[other] la {$place}e
    } de la file.
analysis-unavailable = L'analyse par l'ordinateur n'est pas disponible : {$why}.
analysis-registered-only = Seuls les joueurs inscrits peuvent demander une analyse par l'ordinateur.
analysis-daily-limit = Vous avez demandé {$count} { $count ->
        [one] analyse
       *[other] analyses
    } par l'ordinateur ces dernières 24 heures, autant qu'un joueur le peut ; réessayez plus tard.
analysis-queue-full = La file d'analyse est pleine ({$limit} parties attendent) ; réessayez plus tard.
analysis-queued = La partie {$id} ({$white} contre {$black}) est dans la file d'analyse par l'ordinateur, { $place ->
        [0] tout de suite
        [1] la première
       *[other] la {$place}e
    } ; vous serez prévenu quand elle sera prête.
analysis-unreadable = L'analyse de la partie {$id} ne peut pas être lue : {$error}.
analysis-title = Analyse par l'ordinateur de la partie {$id} : {$white} contre {$black} ({$result}), par {$engine}
analysis-counts-white = Blancs ({$name}) : {$inaccuracies} { $inaccuracies ->
        [one] imprécision
       *[other] imprécisions
    }, {$mistakes} { $mistakes ->
        [one] erreur
       *[other] erreurs
    }, {$blunders} { $blunders ->
        [one] gaffe
       *[other] gaffes
    }
analysis-counts-black = Noirs ({$name}) : {$inaccuracies} { $inaccuracies ->
        [one] imprécision
       *[other] imprécisions
    }, {$mistakes} { $mistakes ->
        [one] erreur
       *[other] erreurs
    }, {$blunders} { $blunders ->
        [one] gaffe
       *[other] gaffes
    }
analysis-best-after-inaccuracy = Imprécision. {$best} était meilleur.
analysis-best-after-mistake = Erreur. {$best} était meilleur.
analysis-best-after-blunder = Gaffe. {$best} était meilleur.

## Adversaires ordinateurs (bots, et match contre l'un d'eux).

house-unavailable = Les adversaires ordinateurs ne sont pas disponibles : {$why}.
house-no-bots = Les adversaires ordinateurs ne sont pas disponibles : le serveur n'en a aucun (config.toml n'a pas de [[house_bots]]).
house-cannot-play = {$name} ne peut pas jouer maintenant : {$why}.
house-getting-ready = {$name} se prépare ; réessayez dans quelques secondes.
house-all-busy = {$name} joue une partie, comme tous les adversaires ordinateurs qui peuvent jouer maintenant ; réessayez quand une partie se termine.
house-busy = {$name} joue une partie. Libres maintenant : {$free}.
house-at-most = Les adversaires ordinateurs jouent au plus {$most} { $most ->
        [one] partie
       *[other] parties
    } à la fois, et {$playing} { $playing ->
        [one] est en cours
       *[other] sont en cours
    } ; réessayez quand l'une se termine.
house-free-bot = {$name} (niveau {$level})
house-list-title = Adversaires ordinateurs ({$engine} ; les niveaux 1 à 8 de lichess ; au plus {$most} { $most ->
        [one] partie
       *[other] parties
    } à la fois, {$playing} en cours) :
house-engine-starting = le moteur est en train de démarrer
house-status-playing = joue la partie {$no}
house-status-free = libre
house-status-getting-ready = se prépare
house-status-cannot-play = ne peut pas jouer : {$why}
house-play-one = Jouez contre l'un d'eux avec « match {$example} 5 0 » (n'importe quelle cadence ; ajoutez white ou black pour choisir votre couleur).
analysis-ready = L'analyse par l'ordinateur de la partie {$id} est prête : « analyse {$id} » l'affiche.
analysis-not-stored = L'analyse par l'ordinateur de la partie {$id} n'a pas pu être enregistrée ; redemandez-la plus tard.
analysis-failed = L'analyse par l'ordinateur de la partie {$id} a échoué : {$why}. « analyse {$id} » la redemande.

## best, hbest, rank, stats (les lignes sont des données : place, cote, nom).

best-header = Atomique
best-none = {"  "}Personne n'a encore joué de partie classée.
hbest-header = Atomique (meilleures cotes atteintes)
hbest-none = {"  "}Personne n'a encore de cote établie.
rank-of = Rang atomique de {$name} : {$place} sur {$total} (cote {$rating}).
rank-none = {$name} n'a pas de rang atomique (aucune partie classée).
best-header-atomic960 = Atomic960
hbest-header-atomic960 = Atomic960 (meilleures cotes atteintes)
rank-of-atomic960 = Rang en Atomic960 de {$name} : {$place} sur {$total} (cote {$rating}).
rank-none-atomic960 = {$name} n'a pas de rang en Atomic960 (aucune partie classée d'Atomic960).
stats-no-player = Aucun joueur ne porte le nom {$name}.
stats-guest = {$name} est un invité et n'a pas de cote.
stats-no-games = {$name} n'a joué aucune partie classée.
stats-header = Statistiques de {$name} :
rating-table-columns = {"          "}cote       RD      gain   perte   nulle   total  record

## tourney standings : les titres (les lignes sont des données).

tourney-standings-after = Classement après la ronde {$round} sur {$total}{ $progress ->
    [yes] {" "}(en cours)
   *[no] {""}
}
tourney-standings-swiss = {" "}Rg Nom                 Cote   Pts  Buchholz     SB
tourney-standings-rr = {" "}Rg Nom                 Cote   Pts     SB
tourney-standings-arena = {" "}Rg Nom                 Cote Points Parties Perf
tourney-standings-ko = {" "}Rg Nom                 Cote  Résultat

## tourney create, refusé.

tourney-bad-name = Un nom de tournoi est un seul mot d'au plus 30 lettres, chiffres, - ou _.
tourney-bad-value = Valeur incorrecte pour { $what ->
    [time] le temps
    [increment] l'incrément
   *[other] {$what}
} : « {$word} ».
tourney-unknown-option = Option inconnue « {$word} ». Usage : {$syntax}
tourney-unknown-kind = Type de tournoi inconnu « {$kind} » : swiss, rr, arena ou ko.

## Les conditions d'un défi, dans les lignes Défi :, Défi lancé : et pending.

challenge-text = {$a} {$ar} { $color ->
    [white] {"[blancs] "}
    [black] {"[noirs] "}
   *[none] {""}
}{$b} {$br} partie { $variant ->
    [atomic960] atomique 960
   *[other] atomique
} { $rated ->
    [rated] classée
   *[unrated] amicale
} {$minutes} {$inc}{ $adjourned ->
    [yes] {" (ajournée)"}
   *[no] {""}
}

tourney-row-ko = {$row}  {$result}
tourney-row-fire = {$row} en série
tourney-ko-result = { $result ->
    [winner] vainqueur
    [in] { $stage ->
        [final] en finale
        [semi] en demi-finale
        [quarter] en quart de finale
       *[round] à la ronde {$round}
    }
   *[lost] { $stage ->
        [final] battu en finale
        [semi] battu en demi-finale
        [quarter] battu en quart de finale
       *[round] battu à la ronde {$round}
    }
}

## tourney pairings : les titres et les mots après les données d'une ligne.

tourney-pairings-round = Ronde {$round}
tourney-pairings-columns = {" "}Tb Blancs             Cote   Pts  Résultat Noirs              Cote   Pts
tourney-pairings-arena-title = Parties en cours
tourney-pairings-arena = Blancs                Cote  Noirs                 Cote
tourney-row-bye = {$row}  { $kind ->
    [full] exempt (1 point)
    [half] exempt (1/2 point)
   *[zero] repos
}
tourney-row-match = {$row}  { $state ->
    [won] {$name} gagne
    [playing] partie {$game} en cours
   *[next] partie {$game} à suivre
}
tourney-row-ko-bye = {$name} ({$rating}) exempt

## Issue 29 : son propre compte (password, close).

password-unregistered = Seuls les joueurs inscrits ont un mot de passe ; voir « help register ».
password-too-short = Un mot de passe doit compter au moins {$min} caractères.
password-too-long = Un mot de passe ne peut dépasser {$max} octets.
password-no-spaces = Un mot de passe ne peut pas contenir d'espace.
password-wrong = Ce n'est pas votre mot de passe ; rien n'a été changé.
password-changed = Votre mot de passe a été changé.
close-unregistered = Seul un compte inscrit peut être fermé.
close-explain = « close » ferme pour de bon votre compte {$name} : plus personne ne s'y connecte.
close-explain-kept = Vos parties et votre cote restent dans l'historique ; nul ne prendra ce nom.
close-explain-how = Pour le fermer, tapez « close » suivi de votre mot de passe.
close-while-playing = Vous ne pouvez pas fermer votre compte pendant une partie.
close-closing = Fermeture du compte {$name}.
close-done = **** Votre compte {$name} est fermé. Au revoir. ****

## Issue 29 : les courtoisies d'une partie (switch, pause, unpause, courtesyabort).

noun-switch-request = demande d'échange des couleurs
noun-pause-request = demande de pause
offer-switch-to-you = {$from} propose d'échanger les couleurs ; tapez « accept » ou « switch » pour accepter.
offer-pause-to-you = {$from} propose de mettre la partie en pause ; tapez « accept » ou « pause » pour accepter.
offer-switch-seen = Partie {$game} : {$from} propose d'échanger les couleurs.
offer-pause-seen = Partie {$game} : {$from} propose de mettre la partie en pause.
offer-sent-switch = Demande d'échange des couleurs envoyée.
offer-sent-pause = Demande de pause envoyée.
offer-already-switch = Vous proposez déjà d'échanger les couleurs.
offer-already-pause = Vous proposez déjà une pause.
pending-to-switch = {" "}{$id} : Vous proposez à {$name} d'échanger les couleurs.
pending-to-pause = {" "}{$id} : Vous proposez à {$name} de mettre la partie en pause.
pending-from-switch = {" "}{$id} : {$name} propose d'échanger les couleurs.
pending-from-pause = {" "}{$id} : {$name} propose de mettre la partie en pause.
switch-rated-started = Dans une partie classée, les couleurs ne s'échangent qu'avant le premier coup.
switch-tourney = L'appariement d'une partie de tournoi fixe les couleurs ; elles ne peuvent pas être échangées.
switch-done = Partie {$no} : couleurs échangées ; {$white} a les Blancs, {$black} les Noirs.
pause-already = La partie est déjà en pause.
pause-done = Partie {$no} en pause : les pendules sont arrêtées jusqu'à un « unpause ».
unpause-not-paused = La partie n'est pas en pause.
unpause-done = Partie {$no} : {$name} reprend la partie ; les pendules tournent de nouveau.
move-while-paused = La partie est en pause ; tapez « unpause » pour continuer.
courtesyabort-not-due = Votre adversaire a du temps et est connecté : utilisez « abort ».
end-courtesy-aborted = Partie annulée par courtoisie par {$name}

## Issue 29 : assess.

assess-not-playing = Vous ne jouez pas de partie ; tapez « assess NOM » pour évaluer une partie contre NOM.
assess-no-such-player = Il n'y a pas de joueur nommé {$name}.
assess-same-player = Un joueur ne peut pas jouer contre lui-même.
assess-unrated-player = {$name} n'a pas de cote : seuls les joueurs inscrits jouent des parties classées.
assess-heading = Une partie atomique classée entre {$a} ({$a_rating}) et {$b} ({$b_rating}) :
assess-heading-atomic960 = Une partie d'Atomic960 classée entre {$a} ({$a_rating}) et {$b} ({$b_rating}) :
assess-line = {"  "}{$name} : gain {$win}, nulle {$draw}, perte {$loss} ; nouvel écart type {$rd}

## Issue 29 : logons, llogons, handles, hrank.

logons-none = Aucune trace d'une connexion de {$name}.
logons-header = Dernières connexions et déconnexions de {$name} :
llogons-none = Personne ne s'est encore connecté.
llogons-header = Les dernières connexions et déconnexions du serveur :
logons-in = {$date} : {$name} s'est connecté
logons-in-from = {$date} : {$name} s'est connecté depuis {$addr}
logons-out = {$date} : {$name} s'est déconnecté
logons-out-from = {$date} : {$name} s'est déconnecté depuis {$addr}
handles-none = Aucun nom inscrit ne commence par « {$prefix} ».
handles-header = Noms inscrits commençant par « {$prefix} » ({$n}) :
handles-more = (seuls les {$n} premiers sont affichés : tapez plus de lettres)
hrank-of = {$name} est numéro {$rank} sur {$total} joueurs classés (ordinateurs à part) :
hrank-range = Joueurs classés (ordinateurs à part), places {$m} à {$n} :
hrank-unranked = {$name} n'a pas de place au classement (aucune partie classée, ou compte d'ordinateur).
hrank-empty = Il n'y a que {$total} joueurs classés.

## Issue 29 : news, limits, boards, index, info, next, servers, courrier.

news-none = Il n'y a pas de nouvelles.
news-header = Les nouvelles du serveur, les plus récentes d'abord :
news-item = {$id} ({$date}, {$poster}) : {$text}
news-how = Tapez « news N » pour la nouvelle N seule, « news all » pour toutes.
news-no-such = Il n'y a pas de nouvelle {$id}.
news-admins-only = Seuls les administrateurs publient et suppriment des nouvelles.
news-too-long = Une nouvelle ne peut dépasser {$max} caractères.
news-posted = Nouvelle {$id} publiée.
news-deleted = Nouvelle {$id} supprimée.
limits-header = Les limites en vigueur sur {$server} :
limits-connections = {"  "}Connexions simultanées : {$max} ({$per_address} depuis une même adresse).
limits-now = {"  "}En ce moment : {$now} utilisateurs et {$games} parties.
limits-idle = {"  "}Déconnexion pour inactivité : après {$minutes} minutes sans commande (jamais pendant une partie).
limits-idle-never = {"  "}Déconnexion pour inactivité : aucune.
limits-grace = {"  "}Une partie avec un invité attend {$secs} secondes un joueur déconnecté.
limits-seeks = {"  "}Recherches de partie simultanées : {$n}.
limits-aliases = {"  "}Alias : {$n}.
limits-lists = {"  "}Noms par liste (notify, censor, noplay...) : {$n}.
limits-messages = {"  "}Messages conservés pour vous : {$n}.
limits-journal = {"  "}Cases du journal : {$n} (de A à Z).
limits-simul = {"  "}Échiquiers d'une simultanée : {$n}.
limits-talk = {"  "}Discussion : {$lines} lignes en {$secs} secondes.
limits-shout = {"  "}Cris (shout) : un toutes les {$secs} secondes.
limits-commands = {"  "}Commandes : {$burst} d'un coup, puis {$per_second} par seconde.
limits-computers = {"  "}Comptes d'ordinateur : {$games} parties à la fois, {$per_minute} défis par minute.
limits-logins = {"  "}Mauvais mots de passe avant que chaque nouvel essai attende : {$n}.
boards-categories = Catégories de positions :
boards-category = {"  "}{$category} ({$n} positions)
boards-how-list = Tapez « boards {$category} » pour ses positions.
boards-in = Positions de la catégorie {$category} :
boards-how-load = Tapez « load {$category} NOM » (ou « examine {$category} NOM ») pour en charger une ;
boards-how-then = « bsetup » la modifie ensuite, et « match » la joue.
boards-no-category = Il n'y a pas de catégorie de positions « {$category} » ; tapez « boards » pour la liste.
info-header = Pages d'aide sur des sujets plutôt que sur des commandes :
info-how = Tapez « help SUJET » pour en lire une.
next-nothing = Il n'y a rien de plus à afficher : toutes les réponses de ce serveur arrivent entières.
servers-only = {$server} ne partage ses cotes avec aucun autre serveur.
mail-not-set-up = Le courrier n'est pas configuré sur ce serveur.
mail-no-address = Votre compte n'a pas d'adresse électronique où écrire.
mail-no-such-game = Il n'y a pas de telle partie en cours.
mail-game-subject = {$server} : {$players}
mail-game-sent = La partie {$players} a été envoyée à {$email}.
mail-failed = Le courrier n'a pas pu être envoyé ; réessayez plus tard.
mail-help-subject = {$server} : aide {$topic}
mail-help-sent = La page d'aide « {$topic} » a été envoyée à {$email}.
mail-messages-subject = {$server} : vos messages
mail-messages-sent = { $n ->
    [one] Votre message a été envoyé à {$email}.
   *[other] Vos {$n} messages ont été envoyés à {$email}.
}
mail-source-subject = {$server} : le code source du serveur
mail-source-body = {$server} fait tourner atomicd {$version}, un logiciel libre sous la licence publique générale GNU, version 3 ou ultérieure : vous pouvez en avoir le code source, le modifier et le partager.
    { $url ->
        [none] Cette copie ne nomme aucun dépôt public : l'opérateur de {$server} donne le code source de la version qui tourne, sur demande (répondez à ce courrier).
       *[other] Le code source est dans son dépôt : {$url}
    }
mail-source-sent = L'endroit où trouver le code source du serveur a été envoyé à {$email}.

## Issue 29 : s'inscrire (la page /register, help register, accounts).

signup-title = Inscription
signup-field-name = Nom (3 à 17 lettres) :
signup-field-password = Mot de passe :
signup-field-password2 = Mot de passe, encore :
signup-field-email = Adresse électronique (facultative, pour un mot de passe oublié) :
signup-submit = S'inscrire
signup-to-lobby = Retour au salon
signup-approval-note = Un administrateur approuve chaque nouveau compte avant qu'il puisse se connecter.
signup-closed = Ce serveur ne prend pas d'inscriptions ; demandez un compte à un administrateur.
signup-form-bad = Le formulaire n'est pas arrivé entier ; remplissez-le à nouveau.
signup-name-short = Un nom doit avoir au moins trois lettres.
signup-name-long = Un nom a au plus 17 lettres.
signup-name-letters = Un nom ne peut contenir que des lettres minuscules et majuscules.
signup-name-reserved = Le nom « {$name} » est réservé ; choisissez-en un autre.
signup-name-taken = Le nom « {$name} » est pris ; choisissez-en un autre.
signup-passwords-differ = Les deux mots de passe ne sont pas les mêmes.
signup-email-bad = Ce n'est pas une adresse électronique (laissez le champ vide si vous voulez).
signup-too-many = Trop de comptes ont été créés depuis votre adresse dans la dernière heure ; réessayez plus tard.
signup-done = Le compte {$name} est créé. Connectez-vous avec lui par telnet ou dans le salon.
signup-waiting = Le compte {$name} est créé ; il pourra se connecter dès qu'un administrateur l'aura approuvé.
help-register-open = La page d'inscription de ce serveur : {$url}
help-register-approval = Un administrateur approuve chaque nouveau compte avant qu'il puisse se connecter.
help-register-closed = Ce serveur ne prend pas d'inscriptions : demandez un compte à un administrateur.
accounts-none-pending = Aucun compte n'attend d'approbation.
accounts-pending-head = { $count ->
    [one] Un compte attend d'être approuvé :
   *[other] {$count} comptes attendent d'être approuvés :
}
accounts-pending-row = {"  "}{$name}  {$email}  {$date}
accounts-approved = Le compte {$name} est approuvé ; il peut se connecter.
accounts-rejected = Le compte {$name} est refusé et supprimé ; son nom est de nouveau libre.
accounts-not-waiting = Le compte {$name} n'attend pas d'approbation.
accounts-no-such = Il n'y a pas de compte nommé « {$name} ».
login-closed-account = « {$name} » est le nom d'un compte fermé ; il ne peut plus servir.  Essayez un autre nom.
login-waiting-approval = **** {$name} attend l'approbation d'un administrateur ; vous pourrez vous connecter une fois le compte approuvé. ****

## Issue 29 : les simultanées (simopen, simmatch, simnext ...).

end-simul-aborted = Partie annulée par le donneur de la simultanée
end-simul-adjourned = Partie ajournée par le donneur de la simultanée
simopen-on = Vous acceptez maintenant les demandes de simultanée (simopen activé).
simopen-off = Vous n'acceptez plus les demandes de simultanée (simopen désactivé).
simul-not-yourself = Vous ne pouvez pas jouer une simultanée contre vous-même !
simul-not-open = {$name} ne prend pas de demandes de simultanée.
simul-you-are-playing = Vous ne pouvez pas demander une partie de simultanée pendant une partie.
simul-request-sent = Demande de simultanée envoyée à {$name}.
simul-request-to-you = {$name} demande une partie de votre simultanée ; tapez « simmatch {$name} » pour prendre l'échiquier.
simul-too-many = Vous jouez déjà le plus d'échiquiers qu'une simultanée peut avoir ({$n}).
simul-accepted = {$name} accepte la demande de simultanée.
simul-your-board = Vous jouez les Noirs à l'échiquier {$board} de la simultanée de {$name} (partie {$no}).
simul-you-accept = Vous prenez l'échiquier de {$name} : échiquier {$board}, partie {$no}.
simul-now-at = Vous êtes maintenant à l'échiquier {$board}, contre {$name} (partie {$no}).
simul-not-giving = Vous ne donnez pas de simultanée.
simul-no-board-of = Vous n'avez pas d'échiquier de simultanée contre « {$name} ».
simul-no-board-num = La partie {$no} n'est pas un de vos échiquiers de simultanée.
simul-over = Votre simultanée est finie : tous les échiquiers sont terminés.
simgames-none = {$name} ne donne pas de simultanée.
simgames-count = { $n ->
    [one] {$name} joue un échiquier de simultanée.
   *[other] {$name} joue {$n} échiquiers de simultanée.
}
simpass-not-simul = Vous ne jouez pas dans une simultanée.
simpass-not-your-move = Vous ne pouvez passer que quand c'est votre coup.
simpass-not-here = Le donneur de la simultanée n'est pas à votre échiquier.
simpass-no-more = Vous avez utilisé vos {$n} passes sur cet échiquier.
simpass-done = Vous passez ; le donneur de la simultanée continue ({$left} passes restantes).
simpass-to-exhibitor = {$name} passe.

## Issue 29 : son propre compte sur le web (/account).

account-title = Votre compte
account-password-heading = Changer de mot de passe
account-close-heading = Fermer votre compte
account-field-name = Nom :
account-field-old = Mot de passe actuel :
account-field-new = Nouveau mot de passe :
account-field-new2 = Nouveau mot de passe, encore :
account-field-password = Mot de passe :
account-password-submit = Changer le mot de passe
account-close-confirm = Fermer ce compte pour de bon : personne ne s'y connectera plus.
account-close-submit = Fermer le compte
account-close-unconfirmed = Cochez la case pour dire que vous voulez fermer le compte pour de bon.
account-closed = Le compte {$name} est fermé. Au revoir.
reset-title = Un mot de passe oublié
reset-explain = Donnez le nom de votre compte et son adresse électronique : un lien pour choisir un nouveau mot de passe est envoyé à cette adresse. Il sert une fois, pendant une heure.
reset-field-email = Adresse électronique :
reset-submit = M'envoyer un lien
reset-mailed = Si le nom et l'adresse sont ceux d'un compte, un lien part vers cette adresse.
reset-too-many = Trop de liens ont été demandés depuis votre adresse dans l'heure passée ; réessayez plus tard.
reset-link-bad = Ce lien ne marche pas : il a déjà servi, ou il a expiré. Demandez-en un nouveau.
reset-done = Le mot de passe de {$name} est changé ; connectez-vous avec le nouveau.
reset-mail-subject = {$server} : un nouveau mot de passe
reset-mail-body =
    Quelqu'un a demandé un nouveau mot de passe pour le compte {$name}
    sur {$server}. Pour en choisir un, ouvrez ce lien dans l'heure (il
    sert une fois) :

        {$link}

    Si ce n'était pas vous, ne faites rien : le mot de passe reste tel quel.
approvals-title = Comptes en attente d'approbation
approvals-explain = Pour les administrateurs : votre nom et votre mot de passe affichent les comptes en attente ; chaque « Approuver » ou « Refuser » redemande votre mot de passe.
approvals-show = Afficher les comptes en attente
approvals-approve = Approuver
approvals-reject = Refuser
approvals-admins-only = Seul un administrateur peut voir les comptes en attente d'approbation et en décider.
simul-moving-off = {$name} quitte votre échiquier.
simul-giver-cannot-join = Vous ne pouvez pas donner une simultanée et en rejoindre une autre à la fois.
