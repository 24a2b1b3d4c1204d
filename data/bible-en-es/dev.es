Los cuales el rey David dedicó á Jehová, con la plata y el oro que tenía dedicado de todas las naciones que había sometido:
Y serán avergonzados los profetas, y confundiránse los adivinos; y ellos todos cubrirán su labio, porque no hay respuesta de Dios.
Y respondiendo él, les dijo: ¿Veis todo esto? de cierto os digo, que no será dejada aquí piedra sobre piedra, que no sea destruída.
¡Oh Jehová, esperanza de Israel! todos los que te dejan, serán avergonzados; y los que de mí se apartan, serán escritos en el polvo; porque dejaron la vena de aguas vivas, á Jehová.
Y estas son las generaciones de Aarón y de Moisés, desde que Jehová habló á Moisés en el monte de Sinaí.
Desechó el Señor su altar, menospreció su santuario, ha entregado en mano del enemigo los muros de sus palacios: dieron grita en la casa de Jehová como en día de fiesta.
Anda, y clama á los oídos de Jerusalem, diciendo: Así dice Jehová: Heme acordado de ti, de la misericordia de tu mocedad, del amor de tu desposorio, cuando andabas en pos de mí en el desierto, en tierra no sembrada.
Asimismo los peces que había en el río murieron; y el río se corrompió, que los Egipcios no podían beber de él: y hubo sangre por toda la tierra de Egipto.
Oid palabra de Jehová, vosotros los que tembláis á su palabra: Vuestros hermanos los que os aborrecen, y os niegan por causa de mi nombre, dijeron: Glorifíquese Jehová. Mas él se mostrará con alegría vuestra, y ellos serán confundidos.
Y quebrantaré la soberbia de vuestra fortaleza, y tornaré vuestro cielo como hierro, y vuestra tierra como metal:
Y no tenía necesidad que alguien le diese testimonio del hombre; porque él sabía lo que había en el hombre.
El que cree en el Hijo, tiene vida eterna; mas el que es incrédulo al Hijo, no verá la vida, sino que la ira de Dios está sobre él.
Y enviaré sobre ellos espada, hambre, y pestilencia, hasta que sean acabados de sobre la tierra que les dí á ellos y á sus padres.
Y Jesús dijo: ¿Aun también vosotros sois sin entendimiento?
Y Saúl dijo: No morirá hoy ninguno, porque hoy ha obrado Jehová salud en Israel.
Y los salvará en aquel día Jehová su Dios como á rebaño de su pueblo: porque serán engrandecidos en su tierra como piedras de corona.
¡Oh si fuere aquella noche solitaria, que no viniera canción alguna en ella!
Y el cuarto ángel tocó la trompeta, y fué herida la tercera parte del sol, y la tercera parte de la luna, y la tercera parte de las estrellas; de tal manera que se oscureció la tercera parte de ellos, y no alumbraba la tercera parte del día, y lo mismo de la noche.
Y estaban siempre en el templo, alabando y bendiciendo á Dios. Amén.
Y todos sus siervos pasaban á su lado, con todos los Ceretheos y Peletheos; y todos los Getheos, seiscientos hombres que habían venido á pie desde Gath, iban delante del rey.
Y respondió Haggeo y dijo: Así es este pueblo, y esta gente, delante de mí, dice Jehová; y asimismo toda obra de sus manos; y todo lo que aquí ofrecen es inmundo.
Y dirás: Hiriéronme, mas no me dolió; azotáronme, mas no lo sentí; cuando despertare, aun lo tornaré á buscar.
Decid en las gentes: Jehová reinó, también afirmó el mundo, no será conmovido: juzgará á los pueblos en justicia.
Los hijos de Azgad, mil doscientos veinte y dos;
Sesenta son las reinas, y ochenta las concubinas, y las doncellas sin cuento:
Porque los Cananeos y todos los moradores de la tierra oirán, y nos cercarán, y raerán nuestro nombre de sobre la tierra: entonces ¿qué harás tú á tu grande nombre?
He aquí que el Señor Jehová vendrá con fortaleza, y su brazo se enseñoreará: he aquí que su salario viene con él, y su obra delante de su rostro.
Y darás á Aarón y á sus hijos el dinero por los rescates de los que de ellos sobran.
De Gersón, la familia de Libni y la de Simei: estas son las familias de Gersón.
Y Ceila, y Achzib, y Maresa; nueve ciudades con sus aldeas.
Mas ¿á quién compararé esta generación? Es semejante á los muchachos que se sientan en las plazas, y dan voces á sus compañeros,
El que se bendijere en la tierra, en el Dios de verdad se bendecirá; y el que jurare en la tierra, por el Dios de verdad jurará; porque las angustias primeras serán olvidadas, y serán cubiertas de mis ojos.
Entonces dijo Saúl: Traedme holocausto y sacrificios pacíficos. Y ofreció el holocausto.
¿O menosprecias las riquezas de su benignidad, y paciencia, y longanimidad, ignorando que su benignidad te guía á arrepentimiento?
Porque me dijeron: Haznos dioses que vayan delante de nosotros, que á este Moisés, el varón que nos sacó de tierra de Egipto, no sabemos qué le ha acontecido.
Congregad á mí todos los ancianos de vuestras tribus, y á vuestros oficiales, y hablaré en sus oídos estas palabras, y llamaré por testigos contra ellos los cielos y la tierra.
Empero pasóse, y he aquí no parece; y busquélo, y no fué hallado.
Y díjeos: Yo soy Jehová vuestro Dios; no temáis á los dioses de los Amorrheos, en cuya tierra habitáis: mas no habéis obedecido á mi voz.
Tomará también vuestras hijas para que sean perfumadoras, cocineras, y amasadoras.
Y será que cualquiera que invocare el nombre de Jehová, será salvo: porque en el monte de Sión y en Jerusalem habrá salvación, como Jehová ha dicho, y en los que quedaren, á los cuales Jehová habrá llamado.
Mas si no te oyere, toma aún contigo uno ó dos, para que en boca de dos ó de tres testigos conste toda palabra.
Mi amado habló, y me dijo: Levántate, oh amiga mía, hermosa mía, y vente.
Y vinieron tres mil hombres de Judá á la cueva de la peña de Etam, y dijeron á Samsón: ¿No sabes tú que los Filisteos dominan sobre nosotros? ¿por qué nos has hecho esto? Y él les respondió: Yo les he hecho como ellos me hicieron.
Mío es Galaad, y mío es Manasés; y Ephraim es la fortaleza de mi cabeza; Judá, mi legislador;
Y el altar de oro, y el aceite de la unción, y el perfume aromático, y el pabellón para la puerta del tabernáculo;
Sembraron trigo, y segarán espinas; tuvieron la heredad, mas no aprovecharon nada: se avergonzarán de vuestros frutos, á causa de la ardiente ira de Jehová.
Otra es la gloria del sol, y otra la gloria de la luna, y otra la gloria de las estrellas: porque una estrella es diferente de otra en gloria.
Acuérdate que Jesucristo, el cual fué de la simiente de David, resucitó de los muertos conforme á mi evangelio;
Dije á los insensatos: No os infatuéis; y á los impíos: No levantéis el cuerno:
Todos tus mandamientos son verdad: sin causa me persiguen; ayúdame.
Las cuales llamaron al pueblo á los sacrificios de sus dioses: y el pueblo comió, é inclinóse á sus dioses.
Tampoco, hermanos, queremos que ignoréis acerca de los que duermen, que no os entristezcáis como los otros que no tienen esperanza.
Si sois hombres de verdad, quede preso en la casa de vuestra cárcel uno de vuestros hermanos; y vosotros id, llevad el alimento para el hambre de vuestra casa:
Que quebrantaré al Asirio en mi tierra, y en mis montes lo hollaré; y su yugo será apartado de ellos, y su carga será quitada de su hombro.
Porque gente subió á mi tierra, fuerte y sin número; sus dientes, dientes de león, y sus muelas, de león.
Otra vez tornó Jehová á hablarme, diciendo:
¿Y qué concierto el templo de Dios con los ídolos? porque vosotros sois el templo del Dios viviente, como Dios dijo: Habitaré y andaré en ellos; y seré el Dios de ellos, y ellos serán mi pueblo.
Y me llevó en Espíritu al desierto; y vi una mujer sentada sobre una bestia bermeja llena de nombres de blasfemia y que tenía siete cabezas y diez cuernos.
El pan nuestro de cada día, dános lo hoy.
Mas Jesús les decía: No hay profeta deshonrado sino en su tierra, y entre sus parientes, y en su casa.
Y yo te planté de buen vidueño, simiente verdadera toda ella: ¿cómo pues te me has tornado sarmientos de vid extraña?
Y á los quince días de aqueste mes, la solemnidad: por siete días se comerán ázimos.
Y le traen un sordo y tartamudo, y le ruegan que le ponga la mano encima.
El que maldice á su padre ó á su madre, su lámpara será apagada en oscuridad tenebrosa.
Y los poseeréis por juro de heredad para vuestros hijos después de vosotros, como posesión hereditaria; para siempre os serviréis de ellos; empero en vuestros hermanos los hijos de Israel, no os enseñorearéis cada uno sobre su hermano con dureza.
Salieron pues de la ciudad los criados de los príncipes de las provincias, y en pos de ellos el ejército.
Y vivió Thare setenta años, y engendró á Abram, y á Nachôr, y á Harán.
Y díjole David: Si pasares conmigo, serme has de carga;
Y arrodillarse han á él todos los reyes; le servirán todas las gentes.
¿Has tú considerado hasta las anchuras de la tierra? Declara si sabes todo esto.
Este Ezechîas tapó los manaderos de las aguas de Gihón la de arriba, y encaminólas abajo al occidente de la ciudad de David. Y fué prosperado Ezechîas en todo lo que hizo.
Y hallaron en el campo un hombre Egipcio, el cual trajeron á David, y diéronle pan que comiese, y á beber agua;
Y aconteció que como Jeremías acabó de hablar á todo el pueblo todas las palabras de Jehová Dios de ellos, todas estas palabras por las cuales Jehová Dios de ellos le había enviado á ellos mismos,
Suya también la mar, pues él la hizo; y sus manos formaron la seca.
El principio de las palabras de su boca es necedad; y el fin de su charla nocivo desvarío.
Quite de sobre mí su vara, y su terror no me espante.
Porque por ella alcanzaron testimonio los antiguos.
Y el furor de Dios se encendió porque él iba; y el ángel de Jehová se puso en el camino por adversario suyo. Iba, pues, él montado sobre su asna, y con él dos mozos suyos.
En ese día vendrán hasta ti desde Asiria y las ciudades fuertes, y desde las ciudades fuertes hasta el Río, y de mar á mar, y de monte á monte.
Y ella les dijo: Así ha dicho Jehová el Dios de Israel: Decid al varón que os envió á mí:
Cercó de vallado mi camino, y no pasaré; y sobre mis veredas puso tinieblas.
Y los hijos de ellos, que él había hecho suceder en su lugar, Josué los circuncidó; pues eran incircuncisos, porque no habían sido circuncidados por el camino.
Y contó Salomón setenta mil hombres que llevasen cargas, y ochenta mil hombres que cortasen en el monte, y tres mil y seiscientos que los gobernasen.
Desampárala, no pases por ella; apártate de ella, pasa.
Si sois vituperados en el nombre de Cristo, sois bienaventurados; porque la gloria y el Espíritu de Dios reposan sobre vosotros. Cierto, según ellos, él es blasfemado, mas según vosotros es glorificado.
En aquel tiempo el renuevo de Jehová será para hermosura y gloria, y el fruto de la tierra para grandeza y honra, á los librados de Israel.
El cual, viendo la fe de ellos, le dice: Hombre, tus pecados te son perdonados.
Mirad no os engañe Ezechîas diciendo: Jehová nos librará. ¿Libraron los dioses de las gentes cada uno á su tierra de la mano del rey de Asiria?
Y Jehová les dió reposo alrededor, conforme á todo lo que había jurado á sus padres: y ninguno de todos los enemigos les paró delante, sino que Jehová entregó en sus manos á todos sus enemigos.
Mas esto digo por permisión, no por mandamiento.
El que creyere y fuere bautizado, será salvo; mas el que no creyere, será condenado.
Oh Jehová, ¿qué es el hombre, para que de él conozcas? ¿ó el hijo del hombre, para que lo estimes?
Y cuando oyeron estas palabras el pontífice y el magistrado del templo y los príncipes de los sacerdotes, dudaban en qué vendría á parar aquello.
El cual asimismo nos hizo ministros suficientes de un nuevo pacto: no de la letra, mas del espíritu; porque la letra mata, mas el espíritu vivifica.
Evitando que nadie nos vitupere en esta abundancia que ministramos;
Y como hubo dicho esto, volvióse atrás, y vió á Jesús que estaba allí; mas no sabía que era Jesús.
Y apartaré de ellos mi rostro, y violarán mi lugar secreto; pues entrarán en él destruidores, y le profanarán.
Para hacer venganza de las gentes, y castigo en los pueblos;
Guárdate que no haya en tu corazón perverso pensamiento, diciendo: Cerca está el año séptimo, el de la remisión; y tu ojo sea maligno sobre tu hermano menesteroso para no darle: que él podrá clamar contra ti á Jehová, y se te imputará á pecado.
Soplaste con tu viento, cubriólos la mar: hundiéronse como plomo en las impetuosas aguas.
Por cuanto él extendió su mano contra Dios, y se esforzó contra el Todopoderoso,
Los cuales dijeron: Esta tierra asolada fué como huerto de Edén; y estas ciudades desiertas y asoladas y arruinadas, fortalecidas estuvieron.
Y lo que ha hecho con vosotros en el desierto, hasta que habéis llegado á este lugar;
Y Elcana se volvió á su casa en Ramatha; y el niño ministraba á Jehová delante del sacerdote Eli.
Pues tú nos has guardado de nuestros enemigos, y has avergonzado á los que nos aborrecían.
Y aconteció al medio día, que Elías se burlaba de ellos, diciendo: Gritad en alta voz, que dios es: quizá está conversando, ó tiene algún empeño, ó va de camino; acaso duerme, y despertará.
Y le libró de todas sus tribulaciones, y le dió gracia y sabiduría en la presencia de Faraón, rey de Egipto, el cual le puso por gobernador sobre Egipto, y sobre toda su casa.
Traslado de la carta que Tatnai, capitán de la parte allá del río, y Sethar-boznai, y sus compañeros los Apharsachêos, que estaban á la parte allá del río, enviaron al rey Darío.
Y degollólo; y tomó Moisés de su sangre, y puso sobre la ternilla de la oreja derecha de Aarón, y sobre el dedo pulgar de su mano derecha, y sobre el dedo pulgar de su pie derecho.
Díjete lo ya días há; antes que viniese te lo enseñé, porque no dijeses: Mi ídolo lo hizo, mis estatuas de escultura y de fundición mandaron estas cosas.
Esto reduciré á mi corazón, por lo cual esperaré.
Y levantáronse de Madián, y vinieron á Parán; y tomando consigo hombres de Parán, viniéronse á Egipto, á Faraón rey de Egipto, el cual le dió casa, y le señaló alimentos, y aun le dió tierra.
Será su nombre para siempre, perpetuaráse su nombre mientras el sol dure: y benditas serán en él todas las gentes: llamarlo han bienaventurado.
Y respondió Eliphaz Temanita, y dijo:
Este se purificará al tercer día con aquesta agua, y al séptimo día será limpio; y si al tercer día no se purificare, no será limpio al séptimo día.
Y compré la heredad de Hanameel, hijo de mi tío, la cual estaba en Anathoth, y peséle el dinero: diecisiete siclos de plata.
Y aconteció en el mismo año, en el principio del reinado de Sedechîas rey de Judá, en el año cuarto, en el quinto mes, que Hananías, hijo de Azur, profeta que era de Gabaón, me habló en la casa de Jehová delante de los sacerdotes y de todo el pueblo, diciendo:
Tú encargaste que sean muy guardados tus mandamientos.
Porque la gracia de Dios que trae salvación á todos los hombres, se manifestó,
Pasando pues, caminaron, y púsoseles el sol junto á Gabaa, que era de Benjamín.
Para que abras sus ojos, para que se conviertan de las tinieblas á la luz, y de la potestad de Satanás á Dios; para que reciban, por la fe que es en mí, remisión de pecados y suerte entre los santificados.
Y los hijos de Ammón pasaron el Jordán para hacer también guerra contra Judá, y contra Benjamín, y la casa de Ephraim: y fué Israel en gran manera afligido.
Aleluya. alaba, oh alma mía, á Jehová.
Y Aholah cometió fornicación en mi poder: y prendóse de sus amantes, los Asirios sus vecinos,
El temor de Jehová es el principio de la sabiduría; y la ciencia de los santos es inteligencia.
Y el parecer de la gloria de Jehová era como un fuego abrasador en la cumbre del monte, á los ojos de los hijos de Israel.
Y todos se maravillaron, de tal manera que inquirían entre sí, diciendo: ¿Qué es esto? ¿Qué nueva doctrina es ésta, que con potestad aun á los espíritus inmundos manda, y le obedecen?
Y vino el rey David hasta Bahurim: y he aquí, salía uno de la familia de la casa de Saúl, el cual se llamaba Semei, hijo de Gera; y salía maldiciendo,
Busca el escarnecedor la sabiduría, y no la halla: mas la sabiduría al hombre entendido es fácil.
Mejor es un bocado seco, y en paz, que la casa de contienda llena de víctimas.
Porque cuenten en Sión el nombre de Jehová, y su alabanza en Jerusalem,
Y así como oyeron de la resurrección de los muertos, unos se burlaban, y otros decían: Te oiremos acerca de esto otra vez.
Del Dios de tu padre, el cual te ayudará, y del Omnipotente, el cual te bendecirá con bendiciones de los cielos de arriba, con bendiciones del abismo que está abajo, con bendiciones del seno y de la matriz.
Tus muertos vivirán; junto con mi cuerpo muerto resucitarán. ¡Despertad y cantad, moradores del polvo! porque tu rocío, cual rocío de hortalizas; y la tierra echará los muertos.
Y David los repartió, siendo Sadoc de los hijos de Eleazar, y Ahimelech de los hijos de Ithamar, por sus turnos en su ministerio.
Y como la gente fué echada fuera, entró, y tomóla de la mano, y se levantó la muchacha.
La décimacuarta á Mathithías, con sus hijos y sus hermanos, doce;
Y decía á todos: Si alguno quiere venir en pos de mí, niéguese á sí mismo, y tome su cruz cada día, y sígame.
Después subió de allí á Beth-el; y subiendo por el camino, salieron los muchachos de la ciudad, y se burlaban de él, diciendo: ¡Calvo, sube! ¡calvo, sube!
Asimismo te apartaría de la boca de la angustia á lugar espacioso, libre de todo apuro; y te asentará mesa llena de grosura.
Mas el que estuviere limpio, y no estuviere de viaje, si dejare de hacer la pascua, la tal persona será cortada de sus pueblos: por cuanto no ofreció á su tiempo la ofrenda de Jehová, el tal hombre llevará su pecado.
Así dirás al profeta: ¿Qué te respondió Jehová, y qué habló Jehová?
Y partimos del río de Ahava el doce del mes primero, para ir á Jerusalem: y la mano de nuestro Dios fué sobre nosotros, el cual nos libró de mano de enemigo y de asechador en el camino.
Entonces salió Asa contra él, y ordenaron la batalla en el valle de Sephata junto á Maresa.
Y como Amasa no se cuidó de la daga que Joab en la mano tenía, hirióle éste con ella en la quinta costilla, y derramó sus entrañas por tierra, y cayó muerto sin darle segundo golpe. Después Joab y su hermano Abisai fueron en seguimiento de Seba hijo de Bichri.
Y le llevaron atado, y le entregaron á Poncio Pilato presidente.
Raedura y abominación nos tornaste en medio de los pueblos.
Olvidaráse de ellos el seno materno; de ellos sentirán los gusanos dulzura; nunca más habrá de ellos memoria, y como un árbol serán los impíos quebrantados.
Tampoco en la promesa de Dios dudó con desconfianza: antes fué esforzado en fe, dando gloria á Dios,
Maldito el que deshonrare á su padre ó á su madre. Y dirá todo el pueblo: Amén.
El cual no es hecho conforme á la ley del mandamiento carnal, sino según la virtud de vida indisoluble;
Llevad mi yugo sobre vosotros, y aprended de mí, que soy manso y humilde de corazón; y hallaréis descanso para vuestras almas.
Y he aquí un hombre hidrópico estaba delante de él.
Y como vino á Galilea, los Galileos le recibieron, vistas todas las cosas que había hecho en Jerusalem en el día de la fiesta: porque también ellos habían ido á la fiesta.
Harás asimismo cincuenta corchetes de alambre, los cuales meterás por las lazadas: y juntarás la tienda, para que se haga una sola cubierta.
Oyó Jesús que le habían echado fuera; y hallándole, díjole: ¿Crees tú en el Hijo de Dios?
Y tenía en su diestra siete estrellas: y de su boca salía una espada aguda de dos filos. Y su rostro era como el sol cuando resplandece en su fuerza.
Mas él negó delante de todos, diciendo: No sé lo que dices.
Y el que esté sobre el terrado, no descienda á la casa, ni entre para tomar algo de su casa;
Así dijo Jehová: ¿Qué maldad hallaron en mí vuestros padres, que se alejaron de mí, y se fueron tras la vanidad, y tornáronse vanos?
Y levantándose, vino á su padre. Y como aun estuviese lejos, viólo su padre, y fué movido á misericordia, y corrió, y echóse sobre su cuello, y besóle.
Por lo cual estoy cierto que ni la muerte, ni la vida, ni ángeles, ni principados, ni potestades, ni lo presente, ni lo por venir,
Y hablarás á los hijos de Israel, diciendo: Este será mi aceite de la santa unción por vuestras edades.
Y su término de la parte del mediodía fué desde la costa del mar Salado, desde la lengua que mira hacia el mediodía;
Y éste le dijo: Hijo del rey, ¿por qué de día en día vas así enflaqueciendo? ¿no me lo descubrirás á mí? Y Amnón le respondió: Yo amo á Thamar la hermana de Absalom mi hermano.
Y fué el número de los días que David reinó en Hebrón sobre la casa de Judá, siete años y seis meses.
Entonces él se levantó y se fué á su casa.
Y traeré un bocado de pan, y sustentad vuestro corazón; después pasaréis: porque por eso habéis pasado cerca de vuestro siervo. Y ellos dijeron: Haz así como has dicho.
Aconteció en los días de Achâz hijo de Jotham, hijo de Uzzías, rey de Judá, que Rezín rey de Siria, y Peca hijo de Remalías, rey de Israel, subieron á Jerusalem para combatirla; mas no la pudieron tomar.
Todo lo que respira alabe á JAH. Aleluya.
Empero Ezechîas, después de haberse engreído su corazón, se humilló, él y los moradores de Jerusalem; y no vino sobre ellos la ira de Jehová en los días de Ezechîas.
No verá los arroyos, los ríos, los torrentes de miel y de manteca.
Por cuanto entristecisteis con mentira el corazón del justo, al cual yo no entristecí, y esforzasteis las manos del impío, para que no se apartase de su mal camino, infundiéndole ánimo;
¿Quién se levantará por mí contra los malignos? ¿quién estará por mí contra los que obran iniquidad?
Y volvieron los discípulos á los suyos.
Y diciendo estas cosas, apenas apaciguaron el pueblo, para que no les ofreciesen sacrificio.
En su tienda morará como si no fuese suya: piedra azufre será esparcida sobre su morada.
Mas ahora os jactáis en vuestras soberbias. Toda jactancia semejante es mala.
Y salió Pedro, y el otro discípulo, y vinieron al sepulcro.
Antes de los abismos fuí engendrada; antes que fuesen las fuentes de las muchas aguas.
Porque poco tenías antes de mi venida, y ha crecido en gran número; y Jehová te ha bendecido con mi llegada: y ahora ¿cuándo tengo de hacer yo también por mi propia casa?
Al tiempo de la tarde he aquí turbación; y antes de la mañana ya no es. Esta es la parte de los que nos huellan, y la suerte de los que nos saquean.
Corrígete, Jerusalem, porque no se aparte mi alma de ti, porque no te torne desierta, tierra no habitada.
Porque día de Jehová de los ejércitos vendrá sobre todo soberbio y altivo, y sobre todo ensalzado; y será abatido:
Y ellos le han vencido por la sangre del Cordero, y por la palabra de su testimonio; y no han amado sus vidas hasta la muerte.
Y su hueste, con los contados de ellos, cuarenta mil y quinientos.
Y dirán: Porque dejaron el pacto de Jehová su Dios, y adoraron dioses ajenos, y les sirvieron.
Y si prestareis á aquellos de quienes esperáis recibir, ¿qué gracias tendréis? porque también los pecadores prestan á los pecadores, para recibir otro tanto.
Mas el día que Lot salió de Sodoma, llovió del cielo fuego y azufre, y destruyó á todos:
Porque Juan no había sido aún puesto en la carcel.
No penséis que he venido para meter paz en la tierra: no he venido para meter paz, sino espada.
Y tomaron Abram y Nachôr para sí mujeres: el nombre de la mujer de Abram fué Sarai, y el nombre de la mujer de Nachôr, Milca, hija de Harán, padre de Milca y de Isca.
Y llama á Isaí al sacrificio, y yo te enseñaré lo que has de hacer; y ungirme has al que yo te dijere.
Ceñísteme de fortaleza para la batalla, y postraste debajo de mí los que contra mí se levantaron.
El Señor Jehová de los ejércitos es el que toca la tierra, y se derretirá, y llorarán todos los que en ella moran: y subirá toda como un río, y hundiráse luego como el río de Egipto.
Y por mí, para que me sea dada palabra en el abrir de mi boca con confianza, para hacer notorio el misterio del evangelio,
Diciendo: Decid: Sus discípulos vinieron de noche, y le hurtaron, durmiendo nosotros.
Varones hermanos y padres, oid la razón que ahora os doy.
Y que hago misericordia en millares á los que me aman, y guardan mis mandamientos.
Adúlteros y adúlteras, ¿no sabéis que la amistad del mundo es enemistad con Dios? Cualquiera pues que quisiere ser amigo del mundo, se constituye enemigo de Dios.
Ciertamente ninguno de cuantos en ti esperan será confundido: serán avergonzados los que se rebelan sin causa.
Y curaron el quebrantamiento de la hija de mi pueblo con liviandad, diciendo: Paz, paz; y no hay paz.
Las palabras de la boca del sabio son gracia; mas los labios del necio causan su propia ruina.
Ahora, pues, seamos sabios para con él, porque no se multiplique, y acontezca que viniendo guerra, él también se junte con nuestros enemigos, y pelee contra nosotros, y se vaya de la tierra.
Yo sé tus obras, y tu trabajo y paciencia; y que tú no puedes sufrir los malos, y has probado á los que se dicen ser apóstoles, y no lo son, y los has hallado mentirosos;
Déjame, y tomaré fuerzas, antes que vaya y perezca.
Porque yo he guardado los caminos de Jehová, y no me aparté impíamente de mi Dios.
Pues nosotros somos de ayer, y no sabemos, siendo nuestros días sobre la tierra como sombra.
Aulla, oh puerta; clama, oh ciudad; disuelta estás toda tú, Filistea: porque humo vendrá de aquilón, no quedará uno solo en sus asambleas.
Y los hijos de Israel asentaron el campo en Gilgal, y celebraron la pascua á los catorce días del mes, por la tarde, en los llanos de Jericó.
Y reñí con ellos, y maldíjelos, y herí algunos de ellos, y arranquéles los cabellos, y juramentélos, diciendo: No daréis vuestras hijas á sus hijos, y no tomaréis de sus hijas para vuestros hijos, ó para vosotros.
Y hubo lluvia sobre la tierra cuarenta días y cuarenta noches.
No te parezca duro cuando le enviares libre de ti; que doblado del salario de mozo jornalero te sirvió seis años: y Jehová tu Dios te bendecirá en todo cuanto hicieres.
Les dirás pues esta palabra: Así ha dicho Jehová, Dios de Israel: Henchiráse de vino todo odre. Y ellos te dirán: ¿No sabemos que todo odre se henchirá de vino?
Para dar luz á los que habitan en tinieblas y en sombra de muerte; para encaminar nuestros pies por camino de paz.
Aparté luego doce de los principales de los sacerdotes, á Serebías y á Hasabías, y con ellos diez de sus hermanos;
Porque desecharon mis derechos, y no anduvieron en mis ordenanzas, y mis sábados profanaron: porque tras sus ídolos iba su corazón.
Y el mismo David dice en el libro de los Salmos: Dijo el Señor á mi Señor: Siéntate á mi diestra,
Y fué Moisés, y habló estas palabras á todo Israel,
Y una noche el hijo de esta mujer murió, porque ella se acostó sobre él.
Y pasando el Jordán asentaron en Aroer, á la mano derecha de la ciudad que está en medio de la arroyada de Gad y junto á Jazer.
Y Joab dijo á Cusi: Ve tú, y di al rey lo que has visto. Y Cusi hizo reverencia á Joab, y corrió.
Así que, luego se apartaron de él los que le habían de atormentar: y aun el tribuno también tuvo temor, entendido que era Romano, por haberle atado.
El corazón de ellos clamaba al Señor: Oh muro de la hija de Sión, echa lágrimas como un arroyo día y noche; no descanses, ni cesen las niñas de tus ojos.
Viniendo á mí, y acercándose, me dijo: Hermano Saulo, recibe la vista. Y yo en aquella hora le miré.
Y púsose entre los muertos y los vivos; y cesó la mortandad.
Lejos de ti el hacer tal, que hagas morir al justo con el impío, y que sea el justo tratado como el impío; nunca tal hagas. El juez de toda la tierra, ¿no ha de hacer lo que es justo?
Ahora pues, llevad también á cabo el hecho, para que como estuvisteis prontos á querer, así también lo estéis en cumplir conforme á lo que tenéis.
Y sus cámaras eran tres de una parte, y tres de otra; y sus postes y sus arcos eran como la medida de la puerta primera: cincuenta codos su longitud, y veinticinco su anchura.
Y dióme Jehová las dos tablas de piedra escritas con el dedo de Dios; y en ellas estaba escrito conforme á todas las palabras que os habló Jehová en el monte de en medio del fuego, el día de la asamblea.
El os reprochará de seguro, si solapadamente hacéis acepción de personas.
Jehová me poseía en el principio de su camino, ya de antiguo, antes de sus obras.
Vino también Nabucodonosor rey de Babilonia contra la ciudad, cuando sus siervos la tenían cercada.
Os herí con viento solano y oruga; vuestros muchos huertos y vuestras viñas, y vuestros higuerales y vuestros olivares comió la langosta: pero nunca os tornasteis á mí, dice Jehová.
A cuchillo morirán todos los pecadores de mi pueblo, que dicen: No se acercará, ni nos alcanzará el mal.
Toma con tu mano piedras grandes, y cúbrelas de barro en un horno de ladrillos que está á la puerta de la casa de Faraón en Taphnes, á vista de hombres Judíos;
Y he aquí, también iba Sadoc, y con él todos los Levitas que llevaban el arca del pacto de Dios; y asentaron el arca del pacto de Dios. Y subió Abiathar después que hubo acabado de salir de la ciudad todo el pueblo.
En el día del bien goza del bien; y en el día del mal considera. Dios también hizo esto delante de lo otro, porque el hombre no halle nada tras de él.
Y le preguntaba con muchas palabras; mas él nada le respondió:
Vine luego en secreto á casa de Semaías hijo de Delaías, hijo de Mehetabeel, porque él estaba encerrado; el cual me dijo: Juntémonos en la casa de Dios dentro del templo, y cerremos las puertas del templo, porque vienen para matarte; sí, esta noche vendrán á matarte.
Y en gran manera se maravillaban, diciendo: Bien lo ha hecho todo: hace á los sordos oir, y á los mudos hablar.
¿Cortarás tú con cuchillo su cuero, ó con asta de pescadores su cabeza?
Así ha dicho Jehová de los ejércitos, Dios de Israel: Mejorad vuestros caminos y vuestras obras, y os haré morar en este lugar.
Y levantándose el rey David, puesto en pie dijo: Oidme, hermanos míos, y pueblo mío. Yo tenía en propósito edificar una casa, para que en ella reposara el arca del pacto de Jehová, y para el estrado de los pies de nuestro Dios; y había ya aprestado todo para edificar.
Y vendrán, y se asentarán todos en los valles desiertos, y en las cavernas de las piedras, y en todos los zarzales, y en todas las matas.
Jehová Dios mío, si yo he hecho esto, si hay en mis manos iniquidad;
Y derramaré sobre la casa de David, y sobre los moradores de Jerusalem, espíritu de gracia y de oración; y mirarán á mí, á quien traspasaron, y harán llanto sobre él, como llanto sobre unigénito, afligiéndose sobre él como quien se aflige sobre primogénito.
Mas algunos de la secta de los Fariseos, que habían creído, se levantaron, diciendo: Que es menester circuncidarlos, y mandarles que guarden la ley de Moisés.
Sabemos que somos de Dios, y todo el mundo está puesto en maldad.
Porque á la verdad David, habiendo servido en su edad á la voluntad de Dios, durmió, y fué juntado con sus padres, y vió corrupción:
Cuando yo decía: Mi pie resbala: tu misericordia, oh Jehová, me sustentaba.
Y la hermana de Thaphnes le parió á su hijo Genubath, al cual destetó Thaphnes dentro de la casa de Faraón; y estaba Genubath en casa de Faraón entre los hijos de Faraón.
Y aconteció en el cuarto año de Joacim hijo de Josías, rey de Judá, que fué esta palabra á Jeremías, de Jehová, diciendo:
Entonces se levantó Jesuá hijo de Josadec, y sus hermanos los sacerdotes, y Zorobabel hijo de Sealthiel, y sus hermanos, y edificaron el altar del Dios de Israel, para ofrecer sobre él holocaustos, como está escrito en la ley de Moisés varón de Dios.
Y todo el pueblo del país llegó á un bosque donde había miel en la superficie del campo.
Sacóme á anchura; libróme, porque puso su voluntad en mí.
Cómo entró en la casa de Dios, siendo Abiathar sumo pontífice, y comió los panes de la proposición, de los cuales no es lícito comer sino á los sacerdotes, y aun dió á los que con él estaban?
Tu siervo es además amonestado con ellos: en guardarlos hay grande galardón.
Y cumplidos aquellos días, salimos acompañándonos todos, con sus mujeres é hijos, hasta fuera de la ciudad; y puestos de rodillas en la ribera, oramos.
Y aconteció que, habiéndolos herido, yo quedé y postréme sobre mi rostro, y clamé, y dije: ¡Ah, Señor Jehová! ¿has de destruir todo el resto de Israel derramando tu furor sobre Jerusalem?
Gozarse han los píos con gloria: cantarán sobre sus camas.
Siete semanas te contarás: desde que comenzare la hoz en las mieses comenzarás á contarte las siete semanas.
¿No hubo quien volviese y diese gloria á Dios sino este extranjero?
Ahora, hijo mío, á más de esto, sé avisado. No hay fin de hacer muchos libros; y el mucho estudio aflicción es de la carne.
Y dió Labán á Rachêl su hija por criada á su sierva Bilha.
Y Jacob se enojaba contra Rachêl, y decía: ¿Soy yo en lugar de Dios, que te impidió el fruto de tu vientre?
Entonces dijo el sumo sacerdote Hilcías á Saphán escriba: El libro de la ley he hallado en la casa de Jehová. E Hilcías dió el libro á Saphán, y leyólo.
Así el hombre yace, y no se tornará á levantar: hasta que no haya cielo no despertarán, ni se levantarán de su sueño.
Azareel, y Selamías, Semarías,
Y será que cuando le vinieren muchos males y angustias, entonces responderá en su cara este cántico como testigo, pues no caerá en olvido de la boca de su linaje: porque yo conozco su ingenio, y lo que hace hoy antes que le introduzca en la tierra que juré.
El duque Disón, el duque Ezer, el duque Disán: estos fueron los duques de los Horeos: por sus ducados en la tierra de Seir.
Porque no le había quedado gente á Joachâz, sino cincuenta hombres de á caballo, y diez carros, y diez mil hombres de á pié; pues el rey de Siria los había destruído, y los había puesto como polvo para hollar.
Sobre mí, oh Dios, están tus votos: te tributaré alabanzas.
Y Pablo y Bernabé se estaban en Antioquía, enseñando la palabra del Señor y anunciando el evangelio con otros muchos.
Hermanos, orad por nosotros.
Si subiese Babilonia al cielo, y si fortaleciere en lo alto su fuerza, de mí vendrán á ella destruidores, dice Jehová.
El hijo necio es enojo á su padre, y amargura á la que lo engendró.
Porque la suministración de este servicio, no solamente suple lo que á los santos falta, sino también abunda en muchos hacimientos de gracias á Dios:
Porque los oían que hablaban en lenguas, y que magnificaban á Dios.
Aunque ande en valle de sombra de muerte, no temeré mal alguno; porque tú estarás conmigo: tu vara y tu cayado me infundirán aliento.
Para que confirme el juramento que hice á vuestros padres, que les daría la tierra que corre leche y miel, como este día. Y respondí, y dije: Amén, oh Jehová.
Cualquiera que cayere sobre aquella piedra, será quebrantado; mas sobre el que la piedra cayere, le desmenuzará.
Y díjoles: Mozos, ¿tenéis algo de comer? Respondiéronle: No.
Y la gente les reñía para que callasen; mas ellos clamaban más, diciendo: Señor, Hijo de David, ten misericordia de nosotros.
Y al tiempo que se moría, decíanle las que estaban junto á ella: No tengas temor, porque has parido un hijo. Mas ella no respondió, ni paró mientes.
Si fueres limpio y derecho, cierto luego se despertará sobre ti, y hará próspera la morada de tu justicia.
Y sabréis que yo os envié este mandamiento, para que fuese mi pacto con Leví, ha dicho Jehová de los ejércitos.
Mil de cada tribu de todas las tribus de los hijos de Israel, enviaréis á la guerra.
¿Soy yo Dios de poco acá, dice Jehová, y no Dios de mucho ha?
Así haga Dios á Abner y así le añada, si como ha jurado Jehová á David no hiciere yo así con él,
Porque para Dios somos buen olor de Cristo en los que se salvan, y en los que se pierden:
Sobre mis espaldas araron los aradores: hicieron largos surcos.
Y traigamos el arca de nuestro Dios á nosotros, porque desde el tiempo de Saúl no hemos hecho caso de ella.
Y él estuvo allí con Jehová cuarenta días y cuarenta noches: no comió pan, ni bebió agua; y escribió en tablas las palabras de la alianza, las diez palabras.
Echó, pues, fuera al hombre, y puso al oriente del huerto de Edén querubines, y una espada encendida que se revolvía á todos lados, para guardar el camino del árbol de la vida.
Entonces juntó Salomón los ancianos de Israel, y á todas las cabezas de las tribus, y á los príncipes de las familias de los hijos de Israel, al rey Salomón en Jerusalem para traer el arca del pacto de Jehová de la ciudad de David, que es Sión.
Renuevas contra mí tus plagas, y aumentas conmigo tu furor, remudándose sobre mí ejércitos.
Los cuales juzgarán al pueblo en todo tiempo; y será que todo negocio grave lo traerán á ti, y ellos juzgarán todo negocio pequeño: alivia así la carga de sobre ti, y llevarla han ellos contigo.
Sacad al pueblo ciego que tiene ojos, y á los sordos que tienen oídos.
Mas ellos dijeron: No beberemos vino; porque Jonadab hijo de Rechâb nuestro padre nos mandó, diciendo: No beberéis jamás vino vosotros ni vuestros hijos:
Y estos tres varones estuvieren en medio de ella, vivo yo, dice el Señor Jehová, no librarán sus hijos ni sus hijas; ellos solos serán libres.
Levantaráse luego un rey valiente, el cual se enseñoreará sobre gran dominio, y hará su voluntad.
El mismo Simón creyó también entonces, y bautizándose, se llegó á Felipe: y viendo los milagros y grandes maravillas que se hacían, estaba atónito.
Y Saraim, y Adithaim, y Gedera, y Gederothaim; catorce ciudades con sus aldeas.
Y llegándose cerca del foso llamó á voces á Daniel con voz triste: y hablando el rey dijo á Daniel: Daniel, siervo del Dios viviente, el Dios tuyo, á quien tú continuamente sirves ¿te ha podido librar de los leones?
El es Todopoderoso, al cual no alcanzamos, grande en potencia; y en juicio y en multitud de justicia no afligirá.
E hizo subir uno de sus cachorros: vino á ser leoncillo, y aprendió á prender presa, y á devorar hombres.
(Y que subió, ¿qué es, sino que también había descendido primero á las partes más bajas de la tierra?
Y como fueron entre sí discordes, se fueron, diciendo Pablo esta palabra: Bien ha hablado el Espíritu Santo por el profeta Isaías á nuestros padres,
Entonces salió Joachîn rey de Judá al rey de Babilonia, él, y su madre, y sus siervos, y sus príncipes, y sus eunucos: y prendiólo el rey de Babilonia en el octavo año de su reinado.
Porque los celos son el furor del hombre, y no perdonará en el día de la venganza.
Entonces Jesús le dijo: Si no viereis señales y milagros no creeréis.
¿Tú, que dices que no se ha de adulterar, adulteras? ¿Tú, que abominas los ídolos, cometes sacrilegio?
Estas son las palabras que habló Moisés á todo Israel de esta parte del Jordán en el desierto, en el llano delante del mar Bermejo, entre Parán, y Thopel, y Labán, y Haseroth, y Dizahab.
Y la cigüeña, y la garza según su especie, y la abubilla, y el murciélago.
Y llevaban también con él otros dos, malhechores, á ser muertos.
Y él pensaba dentro de sí, diciendo: ¿Qué haré, porque no tengo donde juntar mis frutos?
Cuchillo sobre los adivinos, y se atontarán; cuchillo sobre sus valientes, y serán quebrantados.
Y él le dijo: ¿Qué está escrito en la ley? ¿cómo lees?
Por tanto, dejando la palabra del comienzo en la doctrina de Cristo, vamos adelante á la perfección; no echando otra vez el fundamento del arrepentimiento de obras muertas, y de la fe en Dios,
Y halo traído y hecho Jehová según que había dicho: porque pecasteis contra Jehová, y no oísteis su voz, por eso os ha venido esto.
Y de éstos, cada uno traía su presente, vasos de plata, vasos de oro, vestidos, armas, aromas, caballos y acémilas, todos los años.
¿No has echado de ver lo que habla este pueblo diciendo: Dos familias que Jehová escogiera ha desechado? y han tenido en poco mi pueblo, hasta no tenerlos más por nación.
Y eran los que comieron, como cuatro mil: y los despidió.
La palabra que nos has hablado en nombre de Jehová, no oímos de ti:
Antes hiciste lo malo sobre todos los que han sido antes de ti: que fuiste y te hiciste dioses ajenos y de fundición para enojarme, y á mí me echaste tras tus espaldas:
Y llevaron á enterrar á Esteban varones piadosos, é hicieron gran llanto sobre él.
El cual, como vió á Jesús, exclamó y se postró delante de él, y dijo á gran voz: ¿Qué tengo yo contigo, Jesús, Hijo del Dios Altísimo? Ruégote que no me atormentes.
Después de estas cosas aconteció que murió Naas rey de los hijos de Ammón, y reinó en su lugar su hijo.
Y de esta manera la harás: de trescientos codos la longitud del arca, de cincuenta codos su anchura, y de treinta codos su altura.
Y miré, y oí un ángel volar por medio del cielo, diciendo en alta voz: ¡Ay! ¡ay! ¡ay! de los que moran en la tierra, por razón de las otras voces de trompeta de los tres ángeles que han de tocar!
Lo cual asimismo hicieron, enviándolo á los ancianos por mano de Bernabé y de Saulo.
Entonces Sennachêrib, rey de Asiria se partió, y se fué y tornó á Nínive, donde se estuvo.
¿Mudará el negro su pellejo, y el leopardo sus manchas? Así también podréis vosotros hacer bien, estando habituados á hacer mal.
Entonces Eliú hijo de Barachêl, Bucita,, de la familia de Ram, se enojó con furor contra Job: enojóse con furor, por cuanto justificaba su vida más que á Dios.
No améis al mundo, ni las cosas que están en el mundo. Si alguno ama al mundo, el amor del Padre no está en él.
Entonces se fué Mardochêo, é hizo conforme á todo lo que le mandó Esther.
Aprestado así el servicio, los sacerdotes se colocaron en sus puestos, y asimismo los Levitas en sus órdenes, conforme al mandamiento del rey.
Matad pues ahora todos los varones entre los niños: matad también toda mujer que haya conocido varón carnalmente.
Y estas son las palabras de la carta que Jeremías profeta envió de Jerusalem á los ancianos que habían quedado de los trasportados, y á los sacerdotes y profetas, y á todo el pueblo que Nabucodonosor llevó cautivo de Jerusalem á Babilonia:
Para que seáis irreprensibles y sencillos, hijos de Dios sin culpa en medio de la nación maligna y perversa, entre los cuales resplandecéis como luminares en el mundo;
Entonces ellos le dijeron: Nosotros ni hemos recibido cartas tocante á ti de Judea, ni ha venido alguno de los hermanos que haya denunciado ó hablado algún mal de ti.
¿Por qué os levantáis, oh montes altos? Este monte amó Dios para su asiento; ciertamente Jehová habitará en él para siempre.
Cuando decían: Volveos ahora de vuestro mal camino y de la maldad de vuestras obras, y morad en la tierra que os dió Jehová, á vosotros y á vuestros padres para siempre;
De su grandeza tienen temor los fuertes, y á causa de su desfallecimiento hacen por purificarse.
He aquí enviaré yo, y tomaré todos los linajes del aquilón, dice Jehová, y á Nabucodonosor rey de Babilonia, mi siervo, y traerélos contra esta tierra, y contra sus moradores, y contra todas estas naciones en derredor; y los destruiré, y pondrélos por escarnio, y por silbo, y en soledades perpetuas.
Sí, por la gloria que en orden á vosotros tengo en Cristo Jesús Señor nuestro, cada día muero.
Y llegáronse al mayordomo de la casa de José, y le hablaron á la entrada de la casa.
Mas el lugar que Jehová vuestro Dios escogiere de todas vuestras tribus, para poner allí su nombre para su habitación, ése buscaréis, y allá iréis:
Porque no os enseñen á hacer según todas sus abominaciones, que ellos hacen á sus dioses, y pequéis contra Jehová vuestro Dios.
Arrojó saetas, y desbaratólos; relampagueó, y consumiólos.
Si he hallado gracia en los ojos del rey, y si place al rey otorgar mi petición y hacer mi demanda, que venga el rey con Amán al banquete que les dispondré; y mañana haré conforme á lo que el rey ha mandado.
Y subió Baasa rey de Israel contra Judá, y edificó á Rama, para no dejar salir ni entrar á ninguno de Asa, rey de Judá.
Y protestéles, y díjeles: ¿Por qué os quedáis vosotros delante del muro? Si lo hacéis otra vez, os echaré mano. Desde entonces no vinieron en sábado.
Los hijos que nacieron á Hesrón: Jerameel, Ram, y Chêlubai.
Y como les dijo, Yo soy, volvieron atrás, y cayeron en tierra.
Levantaos, partid, y pasad el arroyo de Arnón: he aquí he dado en tu mano á Sehón rey de Hesbón, Amorrheo, y á su tierra: comienza á tomar posesión, y empéñate con él en guerra.
Y él entregará á Israel por los pecados de Jeroboam, el cual pecó, y ha hecho pecar á Israel.
Y vino contra él Tilgath-pilneser, rey de los Asirios: pues lo redujo á estrechez, y no lo fortificó.
Y David dijo á Achîs: Si he hallado ahora gracia en tus ojos, séame dado lugar en algunas de las ciudades de la tierra, donde habite: porque ¿ha de morar tu siervo contigo en la ciudad real?
Me has hecho más sabio que mis enemigos con tus mandamientos; porque me son eternos.
Porque Dios desató mi cuerda, y me afligió, por eso se desenfrenaron delante de mi rostro.
He aquí, llamarás á gente que no conociste, y gentes que no te conocieron correrán á ti; por causa de Jehová tu Dios, y del Santo de Israel que te ha honrado.
Ovejas perdidas fueron mi pueblo: sus pastores las hicieron errar, por los montes las descarriaron: anduvieron de monte en collado, olvidáronse de sus majadas.
¿No te enseñarán ellos, te dirán, y de su corazón sacarán palabras?
Cuando labrares la tierra, no te volverá á dar su fuerza: errante y extranjero serás en la tierra.
Y por su expiación traerá á Jehová un carnero sin tacha de los rebaños, conforme á tu estimación, al sacerdote para la expiación:
Porque aun estaba en los lomos de su padre cuando Melchîsedec le salió al encuentro.
Y cuando entrareis en la ciudad, le encontraréis luego, antes que suba al alto á comer; pues el pueblo no comerá hasta que él haya venido, por cuanto él haya de bendecir el sacrificio, y después comerán los convidados. Subid pues ahora, porque ahora le hallaréis.
Envió el rey, y soltóle; el señor de los pueblos, y desatóle.
Sus manzanas y sus brazos serán de lo mismo, todo ello una pieza labrada á martillo, de oro puro.
Y saliendo, predicaban que los hombres se arrepintiesen.
Fué para mí mi heredad como león en breña: contra mí dió su voz; por tanto la aborrecí.
Mandó el tribuno que le llevasen á la fortaleza, y ordenó que fuese examinado con azotes, para saber por qué causa clamaban así contra él.
Tendrálo aún en memoria mi alma, porque en mí está humillada.
Después volverán los hijos de Israel, y buscarán á Jehová su Dios, y á David su rey; y temerán á Jehová y á su bondad en el fin de los días.
Y dijiste: Para siempre seré señora: y no has pensado en esto, ni te acordaste de tu postrimería.
Hizo también dos capiteles de fundición de bronce, para que fuesen puestos sobre las cabezas de las columnas: la altura de un capitel era de cinco codos, y la del otro capitel de cinco codos.
Josué entonces envió mensajeros, los cuales fueron corriendo á la tienda; y he aquí estaba escondido en su tienda, y el dinero debajo de ello:
Pablo, apóstol de Jesucristo por la voluntad de Dios, y el hermano Timoteo,
Y los hijos de Leví: Gersón, y Coath, y Merari.
Porque Jehová había humillado á Judá por causa de Achâz rey de Israel: por cuanto él había desnudado á Judá, y rebeládose gravemente contra Jehová.
En oyendo el son de la bocina, del pífano, del tamboril, del arpa, del salterio, de la zampoña, y de todo instrumento músico, os postraréis y adoraréis la estatua de oro que el rey Nabucodonosor ha levantado:
Los hijos de Judá: Phares, Hesrón, Carmi, Hur, y Sobal.
Como ciudad derribada y sin muro, es el hombre cuyo espíritu no tiene rienda.
Romperé asimismo vuestros veletes, y libraré mi pueblo de vuestra mano, y no estarán más en vuestra mano para caza; y sabréis que yo soy Jehová.
Generación á generación narrará tus obras, y anunciarán tus valentías.
Porque yo no los envié, dice Jehová, y ellos profetizan falsamente en mi nombre, para que yo os arroje, y perezcáis, vosotros y los profetas que os profetizan.
Y pasando de allí hacia el lado oriental á Gith-hepher y á Itta-kazin, sale á Rimmón rodeando á Nea;
Así que, ofrezcamos por medio de él á Dios siempre sacrificio de alabanza, es á saber, fruto de labios que confiesen á su nombre.
Hijo del hombre, profetiza, y di: Así ha dicho el Señor Jehová: Aullad: ¡Ay del día!
Porque tú te has confirmado á tu pueblo Israel por pueblo tuyo para siempre: y tú, oh Jehová, fuiste á ellos por Dios.
Porque participantes de Cristo somos hechos, con tal que conservemos firme hasta el fin el principio de nuestra confianza;
Ciertamente Dios herirá la cabeza de sus enemigos, la cabelluda mollera del que camina en sus pecados.
Sepultados juntamente con él en el bautismo, en el cual también resucitasteis con él, por la fe de la operación de Dios que le levantó de los muertos.
Y guisó Jacob un potaje; y volviendo Esaú del campo cansado,
Y aconteció en el año duodécimo, en el mes duodécimo, al primero del mes, que fué á mí palabra de Jehová, diciendo:
Entonces José lo puso por fuero hasta hoy sobre la tierra de Egipto, señalando para Faraón el quinto; excepto sólo la tierra de los sacerdotes, que no fué de Faraón.
Y Semei dijo al rey: La palabra es buena; como el rey mi señor ha dicho, así lo hará tu siervo. Y habitó Semei en Jerusalem muchos días.
Y reune toda la congregación á la puerta del tabernáculo del testimonio.
El Señor dijo: De Basán haré volver, te haré volver de los profundos de la mar:
La desnudez de la mujer de tu padre no descubrirás; es la desnudez de tu padre.
Y la puerta de cada cámara salía al espacio que quedaba; una puerta hacia el norte, y otra puerta hacia el mediodía: y la anchura del espacio que quedaba era de cinco codos por todo alrededor.
Mas ellos tuvieron gran temor, y dijeron: He aquí dos reyes no pudieron resistirle, ¿cómo le resistiremos nosotros?
Precio recibieron en ti para derramar sangre; usura y logro tomaste, y á tus prójimos defraudaste con violencia: olvidástete de mí, dice el Señor Jehová.
Hícelo hermoso con la multitud de sus ramas; y todos los árboles de Edén, que estaban en el huerto de Dios, tuvieron de él envidia.
Y Eli respondió, y dijo: Ve en paz, y el Dios de Israel te otorgue la petición que le has hecho.
Mas vuestros ojos han visto todos los grandes hechos que Jehová ha ejecutado.
Porque ¿qué gloria es, si pecando vosotros sois abofeteados, y lo sufrís? mas si haciendo bien sois afligidos, y lo sufrís, esto ciertamente es agradable delante de Dios.
Juntaos todos vosotros, y oid. ¿Quién hay entre ellos que anuncie estas cosas? Jehová lo amó, el cual ejecutará su voluntad en Babilonia, y su brazo en los Caldeos.
Yo pues descubriré también tus faldas delante de tu cara, y se manifestará tu ignominia.
Sino que juzgará con justicia á los pobres, y argüirá con equidad por los mansos de la tierra: y herirá la tierra con la vara de su boca, y con el espíritu de sus labios matará al impío.
Y juró el rey Sedechîas en secreto á Jeremías, diciendo: Vive Jehová que nos hizo esta alma, que no te mataré, ni te entregaré en mano de estos varones que buscan tu alma.
Y Mephi-boseth dijo al rey: Y aun tómelas él todas, pues que mi señor el rey ha vuelto en paz á su casa.
Y te hará Jehová sobreabundar en bienes, en el fruto de tu vientre, y en el fruto de tu bestia, y en el fruto de tu tierra, en el país que juró Jehová á tus padres que te había de dar.
Y cuando se derramaba la sangre de Esteban tu testigo, yo también estaba presente, y consentía á su muerte, y guardaba las ropas de los que le mataban.
Aumentado has tú, oh Jehová Dios mío, tus maravillas; y tus pensamientos para con nosotros, no te los podremos contar: si yo anunciare y hablare de ellos, no pueden ser enarrados.
Y los que estaban presentes dijeron: ¿Al sumo sacerdote de Dios maldices?
Dejad la obra de la casa de este Dios al principal de los Judíos, y á sus ancianos, para que edifiquen la casa de este Dios en su lugar.
Como arroyos están extendidas, como huertos junto al río, como lináloes plantados por Jehová, como cedros junto á las aguas.
Y viendo Saúl que se portaba tan prudentemente, temíase de él.
Oyendo esto Jabín rey de Hasor, envió mensaje á Jobab rey de Madón, y al rey de Simrom, y al rey de Achsaph,
Y él le mandó que no lo dijese á nadie: Mas ve, díjole, muéstrate al sacerdote, y ofrece por tu limpieza, como mandó Moisés, para testimonio á ellos.
Aun en la vejez fructificarán; estarán vigorosos y verdes;
Y á sus dos hijos; el uno se llamaba Gersom, porque dijo, Peregrino he sido en tierra ajena;
Y él no quiso, y dijo á la mujer de su señor: He aquí que mi señor no sabe conmigo lo que hay en casa, y ha puesto en mi mano todo lo que tiene:
Lejos sea de mí, oh Jehová, que yo haga esto. ¿He de beber yo la sangre de los varones que fueron con peligro de su vida? Y no quiso beberla. Los tres valientes hicieron esto.
Por esta causa yo lloro; mis ojos, mis ojos fluyen aguas; porque se alejó de mí consolador que dé reposo á mi alma: mis hijos son destruídos, porque el enemigo prevaleció.
Estos tienen potestad de cerrar el cielo, que no llueva en los días de su profecía, y tienen poder sobre las aguas para convertirlas en sangre, y para herir la tierra con toda plaga cuantas veces quisieren.
Y las repetirás á tus hijos, y hablarás de ellas estando en tu casa, y andando por el camino, y al acostarte, y cuando te levantes:
Y este término os irá rodeando desde el mediodía hasta la subida de Acrabbim, y pasará hasta Zin; y sus salidas serán del mediodía á Cades-barnea; y saldrá á Hasar-addar, y pasará hasta Asmón;
El hijo de Decar, en Maccas, y en Saalbim, y en Beth-semes, y en Elón, y en Beth-hanan;
Y respondió José á su padre: Son mis hijos, que Dios me ha dado aquí. Y él dijo: Allégalos ahora á mí, y los bendeciré.
No des sueño á tus ojos, ni á tus párpados adormecimiento.
Envió á Adoram su hijo al rey David, á saludarle y á bendecirle por haber peleado con Adarezer, y haberle vencido; porque Tou tenía guerra con Adarezer. Envióle también toda suerte de vasos de oro, de plata y de metal;
El cual está á la diestra de Dios, habiendo subido al cielo; estando á él sujetos los ángeles, y las potestades, y virtudes.
Y el que lo comiere, llevará su delito, por cuanto profanó lo santo de Jehová; y la tal persona será cortada de sus pueblos.
Mas nosotros bendeciremos á JAH, desde ahora para siempre. Aleluya.
Mas las prudentes tomaron aceite en sus vasos, juntamente con sus lámparas.
Y le entregarán á los Gentiles para que le escarnezcan, y azoten, y crucifiquen; mas al tercer día resucitará.
Mira desde el cielo, y contempla desde la morada de tu santidad y de tu gloria: ¿dónde está tu celo, y tu fortaleza, la conmoción de tus entrañas y de tus miseraciones para conmigo? ¿hanse estrechado?
Y el sebo y riñones y redaño del hígado, de la expiación, hízolos arder sobre el altar; como Jehová lo había mandado á Moisés.
Oyendo esto, ha desmayado nuestro corazón; ni ha quedado más espíritu en alguno por causa de vosotros: porque Jehová vuestro Dios es Dios arriba en los cielos y abajo en la tierra.
Por tanto, así ha dicho Jehová: He aquí, yo pienso sobre esta familia un mal, del cual no sacaréis vuestros cuellos, ni andaréis erguidos; porque el tiempo será malo.
Y si no fuere tan presto, para que sepas cómo te conviene conversar en la casa de Dios, que es la iglesia del Dios vivo, columna y apoyo de la verdad.
El profeta que profetizó de paz, cuando sobreviniere la palabra del profeta, será conocido el profeta que Jehová en verdad lo envió.
Yo estoy afligido y menesteroso; apresúrate á mí, oh Dios: ayuda mía y mi libertador eres tú; oh Jehová, no te detengas.
Y nadie echa remiendo de paño recio en vestido viejo; porque el tal remiendo tira del vestido, y se hace peor la rotura.
Mas como Juan cumpliese su carrera, dijo: ¿Quién pensáis que soy? No soy yo él; mas he aquí, viene tras mí uno, cuyo calzado de los pies no soy digno de desatar.
Y vuestro padre no llaméis á nadie en la tierra; porque uno es vuestro Padre, el cual está en los cielos.
El sacrificio de los impíos es abominación á Jehová: mas la oración de los rectos es su gozo.
Y dijo Jehová: Porque dejaron mi ley, la cual dí delante de ellos, y no obedecieron á mi voz, ni caminaron conforme á ella;
Sea ahora tu misericordia para consolarme, conforme á lo que has dicho á tu siervo.
No todo el que me dice: Señor, Señor, entrará en el reino de los cielos: mas el que hiciere la voluntad de mi Padre que está en los cielos.
De día se topan con tinieblas, y en mitad del día andan á tientas como de noche:
Y predican ritos, los cuales no nos es lícito recibir ni hacer, pues somos Romanos.
Esto os mando: Que os améis los unos á los otros.
Y el ejército del rey de Babilonia peleaba contra Jerusalem, y contra todas las ciudades de Judá que habían quedado, contra Lachîs, y contra Azeca; porque de las ciudades fuertes de Judá éstas habían quedado.
Hizo además el rey un gran trono de marfil, y cubriólo de oro puro.
Decid á la hija de Sión: He aquí, tu Rey viene á ti, manso, y sentado sobre una asna, y sobre un pollino, hijo de animal de yugo.
Y Coré, hijo de Ishar, hijo de Coath, hijo de Leví; y Dathán y Abiram, hijos de Eliab; y Hon, hijo de Peleth, de los hijos de Rubén, tomaron gente,
Entonces David trabando de sus vestidos, rompiólos; y lo mismo hicieron los hombres que estaban con él.
Y los que hicieron bien, saldrán á resurrección de vida; mas los que hicieron mal, á resurrección de condenación.
¡Oh si mi cabeza se tornase aguas, y mis ojos fuentes de aguas, para que llore día y noche los muertos de la hija de mi pueblo!
Palabra de Jehová que fué á Jeremías profeta acerca de los Palestinos, antes que Faraón hiriese á Gaza.
Porque ¿qué más tiene el sabio que el necio? ¿qué más tiene el pobre que supo caminar entre los vivos?
Soltáronse, y hablan con maldad de hacer violencia; hablan con altanería.
Por tanto, he aquí que yo os echaré en olvido, y os arrancaré de mi presencia, y á la ciudad que os dí á vosotros y á vuestros padres;
Yo también os destinaré al cuchillo, y todos vosotros os arrodillaréis al degolladero: por cuanto llamé, y no respondisteis; hablé, y no oisteis; sino que hicisteis lo malo delante de mis ojos, y escogisteis lo que á mí desagrada.
Tú mismo eres, oh rey, que creciste, y te hiciste fuerte, pues creció tu grandeza, y ha llegado hasta el cielo, y tu señorío hasta el cabo de la tierra.
Y puso las manos sobre ella; y luego se enderezó, y glorificaba á Dios.
El rey con el juicio afirma la tierra: mas el hombre de presentes la destruirá.
A la viuda y al extanjero matan, y á los huérfanos quitan la vida.
Quítale su ropa al que fió al extraño; y al que fió á la extraña, tómale prenda.
Y Ozías engendró á Joatam: y Joatam engendró á Achâz: y Achâz engendró á Ezechîas:
Saludad á Filólogo y á Julia, á Nereo y á su hermana, y á Olimpas, y á todos los santos que están con ellos.
Y dijo Jacob: No, yo te ruego, si he hallado ahora gracia en tus ojos, toma mi presente de mi mano, pues que así he visto tu rostro, como si hubiera visto el rostro de Dios; y hazme placer.
Al Músico principal: sobre Gittith: Salmo para los hijos de Coré. ¡cuán amables son tus moradas, oh Jehová de los ejércitos!
Es el que guarda las veredas del juicio, y preserva el camino de sus santos.
Y habiendo considerado esto, llegó á casa de María la madre de Juan, el que tenía por sobrenombre Marcos, donde muchos estaban juntos orando.
Y no podía discernir el pueblo el clamor de los gritos de alegría, de la voz del lloro del pueblo: porque clamaba el pueblo con grande júbilo, y oíase el ruido hasta de lejos.
Asaltáronme en el día de mi calamidad; mas Jehová fué mi sostén.
He aquí que ellos me dicen: ¿Dónde está la palabra de Jehová? venga ahora.
¿No me ayudo cuanto puedo, y el poder me falta del todo?
Palabra que fué á Jeremías de Jehová en días de Joacim hijo de Josías, rey de Judá, diciendo:
Aparta al impío de la presencia del rey, y su trono se afirmará en justicia.
Encamíname en tu verdad, y enséñame; porque tú eres el Dios de mi salud: en ti he esperado todo el día.
Y hallaron escrito en la ley que Jehová había mandado por mano de Moisés, que habitasen los hijos de Israel en cabañas en la solemnidad del mes séptimo;
Entonces viendo la constancia de Pedro y de Juan, sabido que eran hombres sin letras é ignorantes, se maravillaban; y les conocían que habían estado con Jesús.
Y convocados todos los príncipes de los sacerdotes, y los escribas del pueblo, les preguntó dónde había de nacer el Cristo.
Firmó pues el rey Darío la escritura y el edicto.
Y librará Jehová las tiendas de Judá primero, porque la gloria de la casa de David y del morador de Jerusalem no se engrandezca sobre Judá.
Entonces todos los hombres de su ciudad lo apedrearán con piedras, y morirá: así quitarás el mal de en medio de ti; y todo Israel oirá, y temerá.
Porque los Sidonios y Tirios habían traído á David madera de cedro innumerable.
Y esto hago por causa del evangelio, por hacerme juntamente participante de él.
¡Insensatos y ciegos! porque ¿cuál es mayor, el oro, ó el templo que santifica al oro?
No hay conmigo sino escarnecedores, en cuya acrimonia se detienen mis ojos.
En aquel tiempo habrá manantial abierto para la casa de David y para los moradores de Jerusalem, para el pecado y la inmundicia.
Los buscarás, y no los hallarás, los que tienen contienda contigo; serán como nada, y como cosa que no es, aquellos que te hacen guerra.
Y le fué dado que diese espíritu á la imagen de la bestia, para que la imagen de la bestia hable; y hará que cualesquiera que no adoraren la imagen de la bestia sean muertos.
